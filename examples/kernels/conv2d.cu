// conv2d: 3 x 3 two-dimensional convolution (cross-correlation) of an H x W
// float image with a 3 x 3 float filter w (row-major, 9 values), zero padding
// outside the image:
//   out[y][x] = sum_{dy,dx in -1..1} in[y+dy][x+dx] * w[(dy+1)*3 + (dx+1)]
// One thread per output pixel; launch with a 2D block, e.g. (16, 16).
//
// Memory behaviour: each input pixel is read by 9 threads. A warp covers
// 16 x 2 pixels; over its 9 taps it reads 4 image rows of 18 pixels, each of
// them several times, and overlaps with the warps above and below, so most
// loads after the first tap hit L1 (spatial + temporal reuse through the
// cache, no shared memory). The filter w is the same
// address for all lanes (a broadcast). Threads on the image border skip the
// taps that fall outside, so border warps diverge.
extern "C" __global__ void conv2d(int H, int W, const float *in, const float *w, float *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H)
        return;
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; dy++) {
        int yy = y + dy;
        if (yy < 0 || yy >= H)
            continue;
        for (int dx = -1; dx <= 1; dx++) {
            int xx = x + dx;
            if (xx < 0 || xx >= W)
                continue;
            acc += in[yy * W + xx] * w[(dy + 1) * 3 + (dx + 1)];
        }
    }
    out[y * W + x] = acc;
}
