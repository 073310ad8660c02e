// Acceptance kernel: atomics on shared memory (atom.shared.*), a shared
// histogram flushed to global memory with global atomics, and CAS loops on
// shared words.
#define NBIN 16

// finals: 14 words per block; olds: 4 rows of per-thread old values.
extern "C" __global__ void atom_shared(const int *v, unsigned *ghist, unsigned *bhist,
                                       int *finals, float *ffinals, double *dfinals,
                                       unsigned long long *lfinals, int *olds, int n)
{
    __shared__ unsigned hist[NBIN];
    __shared__ int s[10];
    __shared__ float sf[2];
    __shared__ double sd;
    __shared__ unsigned long long sl;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (t < NBIN)
        hist[t] = 0;
    if (t == 0) {
        s[0] = 0;            // add
        s[1] = 1 << 30;      // min
        s[2] = -(1 << 30);   // max
        s[3] = -1;           // and
        s[4] = 0;            // or
        s[5] = 0x2468ace0;   // xor
        s[6] = -5;           // exch
        s[7] = 3;            // inc (wrap 6)
        s[8] = 2;            // dec (wrap 5)
        s[9] = 0;            // CAS counter
        sf[0] = 0.0f;
        sf[1] = -1.0e30f;
        sd = 0.25;
        sl = 0xfffffffffffff000ull;
    }
    __syncthreads();

    int x = v[i];
    olds[0 * n + i] = (int)atomicAdd(&hist[x & (NBIN - 1)], 1u);
    atomicAdd(&s[0], x >> 8);
    atomicMin(&s[1], x);
    atomicMax(&s[2], x);
    atomicAnd(&s[3], ~(1 << (t & 31)) | x);
    atomicOr(&s[4], 1 << ((x >> 3) & 31));
    atomicXor(&s[5], x);
    olds[1 * n + i] = atomicExch(&s[6], i);
    olds[2 * n + i] = (int)atomicInc((unsigned *)&s[7], 6u);
    olds[3 * n + i] = (int)atomicDec((unsigned *)&s[8], 5u);
    int o = s[9], a;
    do {
        a = o;
        o = atomicCAS(&s[9], a, a + (t | 1));
    } while (o != a);
    atomicAdd(&sf[0], (float)(x & 255) * 0.5f);
    float fv = (float)(x >> 4);
    int *fa = (int *)&sf[1];
    int fo = *fa, fb;
    do {
        fb = fo;
        if (__int_as_float(fb) >= fv)
            break;
        fo = atomicCAS(fa, fb, __float_as_int(fv));
    } while (fo != fb);
    atomicAdd(&sd, (double)(x & 1023) * 0.0625);
    atomicAdd(&sl, (unsigned long long)(unsigned)x << 4);
    __syncthreads();

    if (t < NBIN) {
        atomicAdd(&ghist[t], hist[t]);
        bhist[blockIdx.x * NBIN + t] = hist[t];
    }
    if (t == 0) {
        for (int k = 0; k < 10; ++k)
            finals[blockIdx.x * 10 + k] = s[k];
        ffinals[blockIdx.x * 2 + 0] = sf[0];
        ffinals[blockIdx.x * 2 + 1] = sf[1];
        dfinals[blockIdx.x] = sd;
        lfinals[blockIdx.x] = sl;
    }
}
