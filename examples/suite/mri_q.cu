// mri_q: the Q matrix of a non-Cartesian MRI reconstruction, the two kernels
// of Parboil's mri-q benchmark, written here from the algorithm:
//   compute_phimag  phiMag[k] = phiR[k]^2 + phiI[k]^2, one thread per
//                   k-space sample, blocks of 512
//   compute_q       for every voxel x: Qr[x] += sum_k phiMag[k] * cos(arg),
//                   Qi[x] += sum_k phiMag[k] * sin(arg), with
//                   arg = 2 pi (kx[k] x + ky[k] y + kz[k] z); one thread per
//                   voxel, blocks of 256, the sum over k in chunks of
//                   K_PER_LAUNCH = 1024 samples, one launch per chunk (an
//                   odd sample first, then two per iteration, as Parboil
//                   does); numK - kbase must be at least 1
// Parboil copies each chunk of (kx, ky, kz, phiMag) into __constant__
// memory before its launch; here the chunk is read from global memory
// through the read-only path (every lane of a warp reads the same
// 16-byte record: one transaction, as a constant-cache broadcast). sin and
// cos are the SFU's approximations (__sinf, __cosf), as Parboil's
// fast-math build uses.
//
// Memory behaviour: almost none: five loads and two stores per voxel per
// launch, and a uniform stream of k records that hits in L1. The kernel is
// bound by SFU and FMA throughput (two SFU operations per sample).
#define PHIMAG_THREADS 512
#define Q_THREADS 256
#define K_PER_LAUNCH 1024
#define PIx2 6.2831853071795864769252867665590058f

struct __align__(16) kvalues {
    float kx, ky, kz, phimag;
};

extern "C" __global__ void compute_phimag(const float *phiR, const float *phiI, float *phimag,
                                          int numK)
{
    int i = blockIdx.x * PHIMAG_THREADS + threadIdx.x;
    if (i < numK) {
        float r = phiR[i], m = phiI[i];
        phimag[i] = r * r + m * m;
    }
}

__device__ __forceinline__ void q_term(const kvalues &kv, float x, float y, float z,
                                       float &qr, float &qi)
{
    float arg = PIx2 * (kv.kx * x + kv.ky * y + kv.kz * z);
    qr += kv.phimag * __cosf(arg);
    qi += kv.phimag * __sinf(arg);
}

// Adds the samples kbase .. kbase + count - 1 (count = min(K_PER_LAUNCH,
// numK - kbase)): an odd one alone first, then two per iteration.
extern "C" __global__ void compute_q(int numK, int kbase, const kvalues *__restrict__ ck,
                                     const float *x, const float *y, const float *z,
                                     float *Qr, float *Qi)
{
    int v = blockIdx.x * Q_THREADS + threadIdx.x;
    float sx = x[v], sy = y[v], sz = z[v];
    float qr = Qr[v], qi = Qi[v];
    int count = min(K_PER_LAUNCH, numK - kbase);
    int k = 0;
    if (count % 2) {
        q_term(ck[kbase], sx, sy, sz, qr, qi);
        k = 1;
    }
    for (; k < count; k += 2) {
        q_term(ck[kbase + k], sx, sy, sz, qr, qi);
        q_term(ck[kbase + k + 1], sx, sy, sz, qr, qi);
    }
    Qr[v] = qr;
    Qi[v] = qi;
}
