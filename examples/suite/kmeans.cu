// kmeans (Rodinia "kmeans"): the assignment step of k-means clustering.
// npoints points with nfeatures features each; every point joins the
// cluster whose centre is nearest (squared Euclidean distance, the first
// one on a tie).
//
//   kmeans_invert: one thread per point copies its feature row (point-major,
//     as read from the input) into a feature-major array, so that in the
//     next kernel the threads of a warp read consecutive words (launched
//     once, at set-up);
//   kmeans_point: one thread per point loops over the clusters and the
//     features, accumulating (feature - centre)^2 in feature order, and
//     writes the index of the nearest centre.
//
// The host moves the centres to the means of their points and relaunches
// kmeans_point until no point changes cluster (at most a fixed number of
// iterations), as the benchmark's loop.
//
// Launch shape (as the benchmark): blocks of 256 threads; kmeans_point's
// grid is square, d x d with d = floor(sqrt(blocks)) + 1, and the blocks
// past the last point do nothing.
//
// Memory behaviour: kmeans_invert reads with a stride of nfeatures words
// (one line per thread and feature: uncoalesced) and writes coalesced;
// kmeans_point streams the feature-major array coalesced, re-reading it
// once per cluster (nclusters passes over the data: L2 traffic), and reads
// the centres with the same address in every thread (one broadcast
// transaction, L1 hits). The benchmark fetches the features through a
// texture and the centres from constant memory; here both are plain
// global loads (scenarios cannot fill a __constant__ symbol).
#include <cfloat>

extern "C" __global__ void kmeans_invert(const float *input, float *output,
                                         int npoints, int nfeatures)
{
    int point = blockIdx.x * blockDim.x + threadIdx.x;
    if (point < npoints)
        for (int i = 0; i < nfeatures; i++)
            output[point + npoints * i] = input[point * nfeatures + i];
}

extern "C" __global__ void kmeans_point(const float *features, int nfeatures, int npoints,
                                        int nclusters, int *membership,
                                        const float *clusters)
{
    unsigned int block = gridDim.x * blockIdx.y + blockIdx.x;
    unsigned int point = block * blockDim.x * blockDim.y + threadIdx.x;
    int index = -1;
    if (point < npoints) {
        float min_dist = FLT_MAX;
        for (int i = 0; i < nclusters; i++) {
            int base = i * nfeatures;
            float ans = 0.0f;
            for (int j = 0; j < nfeatures; j++) {
                float diff = features[point + j * npoints] - clusters[base + j];
                ans += diff * diff;
            }
            if (ans < min_dist) {
                min_dist = ans;
                index = i;
            }
        }
    }
    if (point < npoints)
        membership[point] = index;
}
