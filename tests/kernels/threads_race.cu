// threads_race: CTAs on every SM racing on global memory in the same
// cycles, for tests/scenarios/threads_race.lua (sim.threads must give
// the results of one SM after another, whatever the number of threads).
//   ticket:   each thread takes ROUNDS tickets from one counter
//             (atomicAdd) and records the old values it got: the order
//             the SMs' atomics were served in;
//   last:     each round, each thread stores its id to one word, then
//             reads it back: who wrote last when it read;
//   chain:    thread i reads word i - 1 of a buffer its neighbours fill
//             in the same cycles, and writes word i.
#define ROUNDS 8

extern "C" __global__ void threads_race(unsigned *counter, unsigned *ticket,
                                        unsigned *word, unsigned *seen,
                                        unsigned *chain, unsigned *got, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (int r = 0; r < ROUNDS; r++) {
        ticket[r * n + i] = atomicAdd(counter, 1u);
        *(volatile unsigned *)word = (unsigned)i;
        seen[r * n + i] = *(volatile unsigned *)word;
    }
    got[i] = i > 0 ? ((volatile unsigned *)chain)[i - 1] : 0u;
    ((volatile unsigned *)chain)[i] = (unsigned)i + 1u;
}
