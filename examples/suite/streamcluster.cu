// streamcluster (Rodinia "streamcluster"): the gain of opening a new
// facility in online facility-location clustering (the benchmark's pgain
// step). Points live in a feature-major array coord[d * num + i]; every
// point i has a weight, an assigned centre (a point index) and a cost
// (its weighted squared distance to that centre). For a candidate point x,
// every point computes its weighted squared distance to x:
//   - if x is closer, the point would switch: switch_membership[i] = 1 and
//     its row of the work array gets work[i][K] += x_cost - cost (< 0,
//     the saving);
//   - otherwise work[i][slot] += cost - x_cost (<= 0), slot being the
//     work column of the point's current centre (center_table), the price
//     of moving it to x if its centre were closed.
// The host (zeroing the work array before each launch) sums the columns,
// decides whether opening x (and closing centres) lowers the total cost,
// and updates the assignments, as the benchmark.
//
// Launch shape (as the benchmark): blocks of 512 threads, one thread per
// point; the candidate's coordinates are staged in shared memory by the
// first dim threads (dynamic shared memory, dim floats); each thread owns
// one row of K+1 floats of the work array, so no atomics are needed.
//
// Memory behaviour: a coalesced stream over all coordinates per launch
// (dim loads per thread), a broadcast shared-memory read per coordinate,
// a strided read of the 32-byte point records (weight, cost, assign: one
// line per four threads), and a scattered read-modify-write of one float
// in each thread's work row (stride (K+1) floats: uncoalesced).

struct Point {
    float weight;
    float *coord;       // the host's pointer, not used on the device
    long assign;        // index of the centre point
    float cost;
};

extern "C" __global__ void sc_compute_cost(int num, int dim, long x, const Point *p, int K,
                                           int stride, const float *coord_d, float *work_mem,
                                           const int *center_table, bool *switch_membership)
{
    extern __shared__ float coord_s[];
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    int tid = blockDim.x * bid + threadIdx.x;

    if (threadIdx.x < dim)
        coord_s[threadIdx.x] = coord_d[threadIdx.x * num + x];
    __syncthreads();

    if (tid < num) {
        float *lower = &work_mem[tid * stride];
        float x_cost = 0.0f;
        for (int i = 0; i < dim; i++) {
            float t = coord_d[i * num + tid] - coord_s[i];
            x_cost += t * t;
        }
        x_cost = x_cost * p[tid].weight;
        float current_cost = p[tid].cost;
        if (x_cost < current_cost) {
            switch_membership[tid] = 1;
            lower[K] += x_cost - current_cost;
        } else {
            int assign = p[tid].assign;
            lower[center_table[assign]] += current_cost - x_cost;
        }
    }
}
