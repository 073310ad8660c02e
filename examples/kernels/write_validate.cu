// write_validate: records of 64 bytes (one tinyCache line each) updated in
// place, for the tinyCache teaching scenario (design tinycache, seed 002).
//
// Memory behaviour, per thread t and its record rec[t]:
//   1. it writes rec[t].key alone: a write miss in its lane's tinyCache
//      allocates the line without fetching it, and only the two written
//      half-words are valid (state Dpv, a partial line);
//   2. it reads rec[t].count, which it never wrote: a read of an invalid
//      half-word of the partial line fetches the line and merges it under
//      the written half-words (rh(i), state Dv), then writes the new count;
//   3. it puts its key in shared memory and waits at a barrier, which
//      writes back every dirty half-word and empties every tinyCache; its
//      neighbour's key is then read from shared memory.
// The key is stored with inline PTX and a "memory" clobber so that the
// compiler keeps it before the read of the count (plain C++ would let it
// load the count first: the two fields do not alias).
struct Rec {
    int key;
    int count;
    int pad[14];
};

extern "C" __global__ void write_validate(Rec *rec, int *out)
{
    __shared__ int keys[256];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int key = 3 * t + 1;
    size_t k = __cvta_generic_to_global(&rec[t].key);
    asm volatile("st.global.u32 [%0], %1;" : : "l"(k), "r"(key) : "memory");
    int c = rec[t].count + 1;
    rec[t].count = c;
    keys[threadIdx.x] = key;
    __syncthreads();
    out[t] = keys[(threadIdx.x + 1) % blockDim.x] + c;
}
