// pchase: the pointer-chasing microbenchmark of Wong et al., "Demystifying
// GPU Microarchitecture through Microbenchmarking" (ISPASS 2010). Launch with
// one thread (grid 1, block 1) and 8 * n bytes of dynamic shared memory.
//
// A[] holds a chain of indices: A[j] is the index of the next element to
// visit. The thread starts at `start` and performs n dependent loads
// j = A[j]. Each load is timed on its own with the %clock register and the
// cycle count is kept in shared memory, so that recording it does not touch
// the caches being measured; everything is written to global memory only
// after the last timed load.
//
// The first n_cg loads use ld.global.cg (cached in L2 only, L1 skipped), the
// others ld.global.ca (allocate in L1). A scenario can thus prime L2 with a
// .cg pass over the chain, then measure L1 behaviour with .ca passes whose
// misses are all L2 hits, or make every load .cg to measure L2 and DRAM.
//
// Why the timing is sound: the load's result j is stored to shared memory
// before the second clock read, and a store cannot issue before the register
// it stores is written, so t1 - t0 covers the whole load latency (plus a
// constant overhead for the clock reads and the store). Every clock read and
// load is an asm volatile with a "memory" clobber, so the compiler keeps
// them, and the shared-memory stores between them, in program order.
// The cache operators are written as inline PTX because plain C++ loads
// leave the choice to the compiler.

__device__ __forceinline__ unsigned clock_now()
{
    unsigned t;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(t) : : "memory");
    return t;
}

__device__ __forceinline__ unsigned load_ca(size_t gaddr)
{
    unsigned v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(gaddr) : "memory");
    return v;
}

__device__ __forceinline__ unsigned load_cg(size_t gaddr)
{
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(gaddr) : "memory");
    return v;
}

extern "C" __global__ void pchase(const unsigned *A, unsigned start,
                                  unsigned n_cg, unsigned n,
                                  unsigned *idx_out, unsigned *time_out)
{
    extern __shared__ unsigned sh[];
    unsigned *s_idx = sh;        // index reached by each load
    unsigned *s_time = sh + n;   // cycles each load took

    // ld.global needs a global-space address, not the generic pointer.
    size_t base = __cvta_generic_to_global(A);
    unsigned j = start;
    // Not unrolled: every timed load then runs the same instruction sequence.
#pragma unroll 1
    for (unsigned i = 0; i < n; i++) {
        size_t p = base + (size_t)j * sizeof(unsigned);
        unsigned t0, t1;
        // Two copies of the timed sequence rather than a select inside it,
        // so nothing but the load and the store lies between the clocks.
        if (i < n_cg) {
            t0 = clock_now();
            j = load_cg(p);
            s_idx[i] = j;
            t1 = clock_now();
        } else {
            t0 = clock_now();
            j = load_ca(p);
            s_idx[i] = j;
            t1 = clock_now();
        }
        s_time[i] = t1 - t0;
    }

    for (unsigned i = 0; i < n; i++) {
        idx_out[i] = s_idx[i];
        time_out[i] = s_time[i];
    }
}
