/* A Somers-style N-Queens counter: the baseline of examples/count_bench.rs.
 *
 * Classic bitmask backtracking (after Jeff Somers' nqueens.c), single-threaded,
 * with an explicit stack and the half-board mirror trick: the first row's queen
 * only goes in the left half of the columns and the total is doubled; for odd
 * n the middle column is added with the second row's queen in the left half.
 *
 * Usage: somers N   (prints the number of solutions; 1 <= N <= 31)
 */
#include <stdio.h>
#include <stdlib.h>

/* Solutions with rows 0..depth-1 placed: cols/left/right are the columns of
 * the next row attacked by a column, a down-left or a down-right diagonal. */
static unsigned long long complete(int n, int depth, unsigned cols, unsigned left, unsigned right) {
    const unsigned full = (n == 32) ? 0xffffffffu : ((1u << n) - 1);
    unsigned stack_avail[32], stack_cols[32], stack_left[32], stack_right[32];
    unsigned long long found = 0;
    int base = depth;
    unsigned avail = full & ~(cols | left | right);
    if (depth == n) {
        return 1;
    }
    for (;;) {
        if (avail == 0) {
            if (depth == base) {
                return found;
            }
            depth--;
            avail = stack_avail[depth];
            cols = stack_cols[depth];
            left = stack_left[depth];
            right = stack_right[depth];
            continue;
        }
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        if (depth == n - 1) {
            found++;
            continue;
        }
        stack_avail[depth] = avail;
        stack_cols[depth] = cols;
        stack_left[depth] = left;
        stack_right[depth] = right;
        cols |= bit;
        left = (left | bit) << 1;
        right = (right | bit) >> 1;
        avail = full & ~(cols | left | right);
        depth++;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 31) {
        fprintf(stderr, "usage: somers N (1 <= N <= 31)\n");
        return 2;
    }
    if (n == 1) {
        printf("1\n");
        return 0;
    }
    unsigned long long half = 0;
    for (int col = 0; col < n / 2; col++) {
        unsigned bit = 1u << col;
        half += complete(n, 1, bit, bit << 1, bit >> 1);
    }
    if (n % 2 == 1) {
        unsigned mid = 1u << (n / 2);
        for (int col = 0; col < n / 2; col++) {
            unsigned bit = 1u << col;
            if (bit & (mid | mid << 1 | mid >> 1)) {
                continue;
            }
            unsigned cols = mid | bit;
            unsigned left = ((mid << 1) | bit) << 1;
            unsigned right = ((mid >> 1) | bit) >> 1;
            half += complete(n, 2, cols, left, right);
        }
    }
    printf("%llu\n", 2 * half);
    return 0;
}
