// Acceptance kernels: level-synchronous breadth-first search over a graph in
// CSR form, one launch per level driven by the host (the scenario reads a
// device flag between launches), plus a kernel that counts vertices per
// level with atomics. Irregular, data-dependent memory accesses and loops.

// Expands the frontier `level`: every vertex at that level visits its
// neighbours; unvisited ones (dist == -1) get level + 1 and set *changed.
// parent[] records the smallest-id parent that reached a vertex first
// (atomicMin), so the result is deterministic.
extern "C" __global__ void bfs_level(const int *row_ptr, const int *cols, int *dist, int *parent,
                                     int *changed, int level, int nv)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < nv; v += blockDim.x * gridDim.x) {
        if (dist[v] != level)
            continue;
        for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
            int w = cols[e];
            int d = dist[w];
            if (d == -1 || d == level + 1) {
                if (d == -1) {
                    int old = atomicCAS(&dist[w], -1, level + 1);
                    if (old == -1)
                        *changed = 1;
                }
                atomicMin(&parent[w], v);
            }
        }
    }
}

extern "C" __global__ void level_histogram(const int *dist, int *hist, int nv, int maxlevel)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv)
        return;
    int d = dist[v];
    atomicAdd(&hist[(d < 0 || d > maxlevel) ? maxlevel + 1 : d], 1);
}
