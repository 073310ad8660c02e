// gramschmidt (PolyBench/GPU GRAMSCHMIDT): QR factorisation of an NI x NJ
// row-major float matrix A by modified Gram-Schmidt, three launches per
// column k:
//   gs_norm     one thread (thread 0 of a single CTA): R[k][k] = sqrt(sum_i A[i][k]^2)
//   gs_q        one thread per row i:     Q[i][k] = A[i][k] / R[k][k]
//   gs_project  one thread per column j > k: R[k][j] = sum_i Q[i][k] * A[i][j],
//               then A[i][j] -= Q[i][k] * R[k][j] for every i
//
// Launch (the benchmark's): blocks of 256 threads; gs_norm on 1 CTA, gs_q
// and gs_project on NJ / 256 CTAs; all three take the same arguments. As in the benchmark, R[k][j] accumulates
// in global memory (a store per step).
//
// gs_norm is one thread walking a column (a latency-bound serial chain that
// leaves every other SM idle); gs_q reads and writes a column (stride NJ * 4
// bytes across lanes); gs_project reads Q[i][k] as a broadcast and A along
// rows (coalesced) twice, and its active threads shrink as k grows.
extern "C" __global__ void gs_norm(int ni, int nj, const float *a, float *r, const float *q, int k)
{
    if (blockIdx.x * blockDim.x + threadIdx.x == 0) {
        float nrm = 0.0f;
        for (int i = 0; i < ni; i++)
            nrm += a[i * nj + k] * a[i * nj + k];
        r[k * nj + k] = sqrtf(nrm);
    }
}

extern "C" __global__ void gs_q(int ni, int nj, const float *a, const float *r, float *q, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < ni)
        q[i * nj + k] = a[i * nj + k] / r[k * nj + k];
}

extern "C" __global__ void gs_project(int ni, int nj, float *a, float *r, const float *q, int k)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j > k && j < nj) {
        r[k * nj + j] = 0.0f;
        for (int i = 0; i < ni; i++)
            r[k * nj + j] += q[i * nj + k] * a[i * nj + j];
        for (int i = 0; i < ni; i++)
            a[i * nj + j] -= q[i * nj + k] * r[k * nj + j];
    }
}
