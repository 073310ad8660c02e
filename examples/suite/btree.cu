// btree (Rodinia "b+tree"): batched queries on a B+ tree of order 256
// stored as an array of nodes. An internal node's keys[i] is the smallest
// key under child indices[i] (keys[0] the smallest int, unused slots the
// largest), so exactly one thread i of the node satisfies
// keys[i] <= key < keys[i+1]; a leaf holds up to 256 sorted keys with
// indices[] giving each key's record. Node 0 is the root; every query
// descends `height` internal levels to a leaf.
//
//   btree_find_k: one block per query key, one thread per key slot
//     (256): at each level every thread tests its slot of the current node
//     and the one that brackets the key records the child; thread 0 moves
//     the query on after a barrier. At the leaf the thread whose key equals
//     the query copies the record's value (queries without a match keep
//     their answer).
//   btree_find_range: one block per range [start, end]: the same descent
//     for both ends at once, then the leaf slots give the record of
//     `start` and the count of records up to `end`.
//
// Launch shape (as the benchmark): blocks of 256 threads (the order), one
// block per query; per-query state (current node, next node) in global
// arrays of 64-bit indices, updated by thread 0.
//
// Memory behaviour: each level reads two consecutive key slots per thread
// from a 2 KB node (coalesced: the block reads the node's 1 KB of keys
// and, where a slot matches, one index), after a dependent load of the
// node number
// (pointer chasing: a full memory round trip per level); the upper levels
// are shared by all queries (L1/L2 hits), the leaves are spread over the
// whole tree (misses). One thread of 256 finds the slot: almost all the
// work is comparisons whose result is false.
#define ORDER 256

struct knode {
    int location;
    int indices[ORDER + 1];
    int keys[ORDER + 1];
    bool is_leaf;
    int num_keys;
};

struct record {
    int value;
};

// One level of the descent: the thread whose slot of node n brackets key
// records the child in *next.
__device__ __forceinline__ void descend(const knode *n, int thid, int key, long knodes_elem,
                                        long *next)
{
    if (n->keys[thid] <= key && n->keys[thid + 1] > key) {
        if (n->indices[thid] < knodes_elem)
            *next = n->indices[thid];
    }
}

extern "C" __global__ void btree_find_k(long height, const knode *knodes, long knodes_elem,
                                        const record *records, long *curr, long *offset,
                                        const int *keys, record *ans)
{
    int thid = threadIdx.x;
    int bid = blockIdx.x;
    for (int i = 0; i < height; i++) {
        descend(&knodes[curr[bid]], thid, keys[bid], knodes_elem, &offset[bid]);
        __syncthreads();
        if (thid == 0)
            curr[bid] = offset[bid];
        __syncthreads();
    }
    const knode *leaf = &knodes[curr[bid]];
    if (leaf->keys[thid] == keys[bid])
        ans[bid].value = records[leaf->indices[thid]].value;
}

extern "C" __global__ void btree_find_range(long height, const knode *knodes, long knodes_elem,
                                            long *curr, long *offset, long *last,
                                            long *offset_2, const int *start, const int *end,
                                            int *rec_start, int *rec_len)
{
    int thid = threadIdx.x;
    int bid = blockIdx.x;
    for (int i = 0; i < height; i++) {
        descend(&knodes[curr[bid]], thid, start[bid], knodes_elem, &offset[bid]);
        descend(&knodes[last[bid]], thid, end[bid], knodes_elem, &offset_2[bid]);
        __syncthreads();
        if (thid == 0) {
            curr[bid] = offset[bid];
            last[bid] = offset_2[bid];
        }
        __syncthreads();
    }
    const knode *a = &knodes[curr[bid]];
    if (a->keys[thid] == start[bid])
        rec_start[bid] = a->indices[thid];
    __syncthreads();
    const knode *b = &knodes[last[bid]];
    if (b->keys[thid] == end[bid])
        rec_len[bid] = b->indices[thid] - rec_start[bid] + 1;
}
