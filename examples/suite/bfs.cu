// bfs (Rodinia "bfs"): breadth-first search over a directed graph in
// adjacency-list form. Node v's out-edges are edges[nodes[v].start ..
// nodes[v].start + nodes[v].degree - 1]; cost[v] is v's BFS depth, -1 while
// unreached. The frontier is a boolean mask. One BFS level is two launches:
//
//   bfs_expand: every thread whose vertex is on the frontier takes it off
//     the mask and, for each out-neighbour not yet visited, sets the
//     neighbour's cost to its own + 1 and flags it in `updating`;
//   bfs_update: every flagged vertex joins the frontier and the visited
//     set, clears its flag and sets *over.
//
// The host repeats both launches until a level leaves *over false. Several
// frontier vertices may reach the same neighbour in one launch; they write
// the same cost (all frontier vertices share one depth), so the race is
// benign and the result deterministic.
//
// Launch shape (as the benchmark): one thread per vertex, blocks of
// 512 threads, ceil(n / 512) blocks for both kernels.
//
// Memory behaviour: both kernels read a byte mask per vertex (coalesced,
// 32 bytes per warp); only the frontier's threads go on
// (a sparse active mask). Their neighbour loops have different trip
// counts (divergence), and visited[id], cost[id] and updating[id] are
// gathers and scatters to random vertices: nearly every one its own
// transaction, little reuse in L1.
#define BLOCK 512

struct Node {
    int start;
    int degree;
};

extern "C" __global__ void bfs_expand(const Node *nodes, const int *edges, bool *mask,
                                      bool *updating, const bool *visited, int *cost, int n)
{
    int tid = blockIdx.x * BLOCK + threadIdx.x;
    if (tid < n && mask[tid]) {
        mask[tid] = false;
        int first = nodes[tid].start;
        int end = first + nodes[tid].degree;
        for (int i = first; i < end; i++) {
            int id = edges[i];
            if (!visited[id]) {
                cost[id] = cost[tid] + 1;
                updating[id] = true;
            }
        }
    }
}

extern "C" __global__ void bfs_update(bool *mask, bool *updating, bool *visited,
                                      bool *over, int n)
{
    int tid = blockIdx.x * BLOCK + threadIdx.x;
    if (tid < n && updating[tid]) {
        mask[tid] = true;
        visited[tid] = true;
        *over = true;
        updating[tid] = false;
    }
}
