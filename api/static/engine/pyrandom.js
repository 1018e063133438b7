// Python's random.Random(seed).sample, in the browser (CPython's Mersenne Twister, its
// seeding by an int, getrandbits and the two ways sample() draws): the odds' sampled deals
// (chance.sample_each) are the same deals on the phone as on the server, for the same seed.

import { log } from "./chance.js";

const N = 624;
const M = 397;

export class PyRandom {
  /** random.Random(seed) for a whole number seed >= 0 (a number or a BigInt). */
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N + 1;
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key = [];
    do { key.push(Number(n & 0xffffffffn)); n >>= 32n; } while (n);
    this.byArray(key);
  }

  seed(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i += 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  byArray(key) {
    const mt = this.mt;
    this.seed(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32 */
  next() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk += 1) {
        const y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index];
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k), 1 <= k <= 32 */
  bits(k) { return this.next() >>> (32 - k); }

  /** _randbelow_with_getrandbits(n), n >= 1 */
  below(n) {
    const k = 32 - Math.clz32(n);
    let r = this.bits(k);
    while (r >= n) r = this.bits(k);
    return r;
  }

  /** random.sample(population, k) */
  sample(population, k) {
    const n = population.length;
    const result = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(log(k * 3) / log(4));
    if (n <= setsize) {
      const pool = [...population];
      for (let i = 0; i < k; i += 1) {
        const j = this.below(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = new Set();
      for (let i = 0; i < k; i += 1) {
        let j = this.below(n);
        while (selected.has(j)) j = this.below(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }
}
