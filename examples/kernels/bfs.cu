// bfs: one level of a breadth-first search over a graph in CSR form
// (row_ptr has n+1 entries, the neighbours of v are cols[row_ptr[v] ..
// row_ptr[v+1]-1]). level[v] is the BFS depth of v, or -1 while unvisited.
// The frontier is the set of vertices with level == cur; every frontier
// vertex labels its unvisited neighbours cur+1 and raises *changed. The host
// relaunches with cur+1 until a launch leaves *changed at 0.
//
// Several frontier vertices may label the same neighbour in one launch; they
// all write the same value cur+1, so the race is benign and the result is
// deterministic (a vertex labelled during this launch has level cur+1, so it
// is not expanded until the next launch).
//
// Memory behaviour: irregular, data-dependent accesses. Only the few threads
// whose vertex is on the frontier do work (a sparse active mask), their
// neighbour loops have different trip counts (divergence), and the
// neighbour reads level[cols[e]] are gathers to scattered addresses:
// nearly every one is its own memory transaction.
extern "C" __global__ void bfs_level(int n, const int *row_ptr, const int *cols,
                                     int *level, int cur, int *changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || level[v] != cur)
        return;
    int end = row_ptr[v + 1];
    for (int e = row_ptr[v]; e < end; e++) {
        int u = cols[e];
        if (level[u] == -1) {
            level[u] = cur + 1;
            *changed = 1;
        }
    }
}
