// Acceptance kernels: per-thread arrays indexed by run-time values, which
// nvcc must place in local memory (.local, ld/st.local): a lookup table
// written and read at data-dependent positions, an insertion sort, a
// per-thread histogram, a double array, and an array of structs.

struct Item {
    int key;
    float w;
    short tag;
};

extern "C" __global__ void local_table(const int *idx, const int *vals, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a[16];
    for (int k = 0; k < 16; ++k)
        a[k] = vals[i] * (k + 1) - k * k;
    int p = idx[i];
    a[p & 15] += 1000;                       // dynamic store
    a[(p >> 4) & 15] ^= 0x5555;              // dynamic read-modify-write
    int s = 0;
    for (int k = 0; k < 4; ++k)
        s += a[(p >> (4 * k)) & 15] * (k + 1);   // dynamic loads
    out[2 * i + 0] = s;
    out[2 * i + 1] = a[(p >> 16) & 15] - a[(p >> 20) & 15];
}

// Sort 12 values per thread with insertion sort in a local array; write
// them back in order, and the median of a data-dependent window.
extern "C" __global__ void local_sort(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v[12];
    for (int k = 0; k < 12; ++k)
        v[k] = in[12 * i + k];
    for (int k = 1; k < 12; ++k) {
        int x = v[k];
        int j = k - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            --j;
        }
        v[j + 1] = x;
    }
    for (int k = 0; k < 12; ++k)
        out[13 * i + k] = v[k];
    int lo = in[12 * i] & 7;                 // window [lo, lo + 4]
    out[13 * i + 12] = v[lo + 2];
}

// Per-thread histogram of 8 values into 10 bins (local), a local double
// array with a running product, and a local array of structs.
extern "C" __global__ void local_mixed(const int *in, int *hist_out, double *dout,
                                       int *iout, float *fout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int h[10];
    for (int k = 0; k < 10; ++k)
        h[k] = 0;
    double d[8];
    Item it[6];
    for (int k = 0; k < 8; ++k) {
        int x = in[8 * i + k];
        int b = (x & 0x7fffffff) % 10;
        h[b] += 1 + (k & 1);
        d[k] = (double)x * 0.5;
        if (k < 6) {
            it[k].key = x % 6;
            it[k].w = (float)(x & 0xff) * 0.25f;
            it[k].tag = (short)(x >> 16);
        }
    }
    for (int k = 0; k < 10; ++k)
        hist_out[10 * i + k] = h[k];
    double p = 1.0;
    for (int k = 0; k < 8; ++k) {
        int j = (in[8 * i + k] >> 3) & 7;
        p = p * 0.5 + d[j];
    }
    dout[i] = p;
    int k0 = in[8 * i] & 3;                  // dynamic struct index 0..3
    int k1 = (it[k0].key & 1) + 4;           // dynamic: 4 or 5
    iout[2 * i + 0] = it[k0].key + it[k1].tag;
    iout[2 * i + 1] = it[k1].key * 1000 + it[k0].tag;
    fout[i] = it[k0].w - it[k1].w;
}
