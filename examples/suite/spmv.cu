// spmv: y = A * x for a sparse matrix in JDS (jagged diagonal storage) with
// per-warp padding, the format and kernel of Parboil's spmv benchmark,
// written here from the algorithm.
//
// Format: rows are sorted by decreasing number of nonzeros (perm[ix] is the
// original row at sorted position ix) and cut into groups of 32 (one warp);
// sh_zcnt[w] is the longest row of group w. Jagged diagonal k holds the k-th
// nonzero of every sorted row whose group has more than k nonzeros, stored
// contiguously from jds_ptr[k] (padding with zeros where a row is shorter
// than its group's longest), so element k of sorted row ix is at
// jds_ptr[k] + ix.
//
// Launch shape: one thread per row, 1-D blocks of 192 threads (what
// Parboil's launcher picks on a 1536-thread Fermi SM), grid =
// ceil(dim / 192). Parboil keeps jds_ptr and sh_zcnt in __constant__ memory
// and reads x through a texture; here they come from global memory through
// the read-only path (ld.global.nc): the jds_ptr and sh_zcnt reads are
// uniform across a warp (one transaction each), x is a gather.
//
// Memory behaviour: data and index are read with perfectly coalesced
// accesses (32 consecutive words per warp per diagonal), x[index] is an
// irregular gather whose locality depends on the matrix's structure, and the
// result is scattered through perm. Warps run for as many iterations as their
// longest row (no divergence inside a warp, thanks to the sort).
extern "C" __global__ void spmv_jds(float *dst, const float *data, const int *index,
                                    const int *perm, const float *__restrict__ x, int dim,
                                    const int *__restrict__ jds_ptr,
                                    const int *__restrict__ sh_zcnt)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    if (ix < dim) {
        float sum = 0.0f;
        int bound = sh_zcnt[ix / 32];
        for (int k = 0; k < bound; k++) {
            int j = jds_ptr[k] + ix;
            sum += data[j] * x[index[j]];
        }
        dst[perm[ix]] = sum;
    }
}
