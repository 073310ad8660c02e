// C++ kernels as Rodinia and PolyBench write them: no extern "C", so nvcc
// mangles their names (Itanium C++ ABI). Scenarios launch them by the name
// written here (tests/scenarios/cxx_names.lua): a plain name, a name in a
// namespace, overloads told apart by their signature, a function template.

// One row of a 2-D image, updated in place, in the style of Rodinia's
// srad: the caller passes a pointer into the middle of the image
// (image + row * cols), and the coefficients of that row.
__global__ void srad_row(float *row, const float *coef, int cols, float lambda)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < cols)
        row[j] = row[j] + lambda * coef[j];
}

// Overloads: the same name, two signatures.
__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a;
}

__global__ void scale(int *x, int n, int a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a;
}

namespace rodinia {
// A kernel in a namespace; `out` may be null (nothing written then).
__global__ void fill(float *x, unsigned n, float v, int *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v;
    if (out && i == 0)
        *out = (int)n;
}
}

template <typename T>
__global__ void tcopy(T *dst, const T *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[i];
}
template __global__ void tcopy<float>(float *, const float *, int);
template __global__ void tcopy<double>(double *, const double *, int);
