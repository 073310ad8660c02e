// shmem_bank: shared-memory bank conflicts as a function of the access
// stride, in the manner of Wong et al. (ISPASS 2010). Launch with one warp
// (grid 1, block 32).
//
// Lane l owns the word s[l * stride] and stores its own index there, so the
// dependent chain k = s[k] keeps reading the same word: every one of the
// REPS loads of the warp touches the same 32 words (one per lane, or one
// shared word when stride is 0). Because each load needs the previous one's
// result as its address, the loads cannot overlap and the elapsed time is
// REPS times the latency of one warp access, which grows with the number of
// distinct words the busiest bank must deliver (the conflict degree).
//
// The final k is stored to shared memory before the second clock read: the
// store has to wait for the last load, so the clock covers all of them.
// The same trick before the first clock read keeps the initialising store
// out of the measurement. The clock reads are asm volatile with a "memory"
// clobber and the loads are volatile, so the compiler keeps every load and
// their order.
//
// Outputs: time_out[0] = cycles for the REPS loads (lane 0's clock; all
// lanes of a warp read the same value), val_out[l] = lane l's final k,
// which must be l * stride.

#define REPS 32
#define MAX_WORDS 1024   // 32 lanes times stride up to 32

__device__ __forceinline__ unsigned clock_now()
{
    unsigned t;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(t) : : "memory");
    return t;
}

extern "C" __global__ void shmem_bank(unsigned stride, unsigned *time_out,
                                      unsigned *val_out)
{
    __shared__ unsigned s[MAX_WORDS];
    __shared__ unsigned sink[32];
    volatile unsigned *vs = s;
    volatile unsigned *vsink = sink;   // volatile: the store must stay
    unsigned lane = threadIdx.x;
    unsigned k = lane * stride;

    vs[k] = k;
    __syncwarp();
    // One untimed load, and a store that must wait for it: the store above
    // has as many bank conflicts as the loads, and this keeps its waves out
    // of the timed region (the clock starts once shared memory is idle).
    k = vs[k];
    vsink[lane] = k;

    unsigned t0 = clock_now();
#pragma unroll
    for (int r = 0; r < REPS; r++)
        k = vs[k];
    vsink[lane] = k;  // conflict-free, and waits for the last load
    unsigned t1 = clock_now();

    if (lane == 0)
        time_out[0] = t1 - t0;
    val_out[lane] = k;
}
