// Probabilities as the odds state them (port of solver/odds/chance.py and draws.py): exact
// fractions counted with BigInt, shown as the float Python's float(Fraction) gives (the
// correctly rounded quotient) and as "n/d"; the exact count of random draws that hold what
// a claim needs (one polynomial per kind); and a percentage for people, as Python formats it.
//
// The raise search (raises.js) also needs Python's math.log, bit for bit where it can be
// had: log() here is correctly rounded (computed in fixed point with BigInt), which is what
// a good libm gives (glibc's is within 0.52 ulp: it differs on about 1 input in 30,000).

import { InvalidInput } from "./errors.js";
import { shown } from "./rules.js";
import { PyFloat, strip } from "./pystr.js";

// --- exact fractions ---------------------------------------------------------------------------

const abs = (n) => (n < 0n ? -n : n);

function gcd(a, b) {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

const bitLength = (n) => (n === 0n ? 0 : n.toString(2).length);

/** n / d (BigInts, d > 0) as a double, correctly rounded, as Python's int / int is. */
export function quotient(n, d) {
  if (n === 0n) return 0;
  if (n < 0n) return -quotient(-n, d);
  // 66 bits of quotient and a sticky bit: Number() then rounds once, to nearest even.
  const shift = 66 - (bitLength(n) - bitLength(d));
  const [num, den] = shift >= 0 ? [n << BigInt(shift), d] : [n, d << BigInt(-shift)];
  const q = ((num / den) << 1n) | (num % den ? 1n : 0n);
  return scale(Number(q), -(shift + 1));
}

/** x * 2**e, exactly while the result is a normal double. */
function scale(x, e) {
  while (e > 1000) { x *= 2 ** 1000; e -= 1000; }
  while (e < -1000) { x *= 2 ** -1000; e += 1000; }
  return x * 2 ** e;
}

/** An exact probability (fractions.Fraction): numerator and denominator, lowest terms. */
export class Fraction {
  constructor(n, d = 1n) {
    n = BigInt(n);
    d = BigInt(d);
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
    Object.freeze(this);
  }

  get probability() { return quotient(this.n, this.d); }

  /** "n/d" always, also for 0 and 1 ("0/1", "1/1"). */
  get fraction() { return `${this.n}/${this.d}`; }

  get impossible() { return this.n === 0n; }

  get certain() { return this.n === this.d; }

  /** -1, 0 or 1 as this is less than, equal to or more than `other`. */
  compare(other) {
    const a = this.n * other.d;
    const b = other.n * this.d;
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  /** Chance.as_dict(). */
  asDict() { return { probability: this.probability, fraction: this.fraction, exact: true }; }

  /** str(Chance): a percentage. */
  toString() { return percent(this.probability); }
}

export const ZERO = new Fraction(0n);
export const ONE = new Fraction(1n);

// --- counting draws (solver/odds/draws.py) -----------------------------------------------------

const pascal = [[1n]];

/** C(n, k) as a BigInt (0 outside 0 <= k <= n). */
export function comb(n, k) {
  if (k < 0 || k > n || n < 0) return 0n;
  if (n < 400) {
    while (pascal.length <= n) {
      const last = pascal[pascal.length - 1];
      const row = [1n];
      for (let i = 1; i < last.length; i += 1) row.push(last[i - 1] + last[i]);
      row.push(1n);
      pascal.push(row);
    }
    return pascal[n][k];
  }
  k = Math.min(k, n - k);
  let out = 1n;
  for (let i = 1; i <= k; i += 1) out = (out * BigInt(n - k + i)) / BigInt(i);
  return out;
}

/** The product of two polynomials (coefficient lists of BigInts), cut after `degree`. */
function multiply(a, b, degree) {
  const size = Math.min(a.length + b.length - 1, degree + 1);
  const out = new Array(size).fill(0n);
  for (let i = 0; i < Math.min(a.length, size); i += 1) {
    if (!a[i]) continue;
    for (let j = 0; j < Math.min(b.length, size - i); j += 1) {
      if (b[j]) out[i + j] += a[i] * b[j];
    }
  }
  return out;
}

/** [x^draws] of the product of `factors` and (1 + x)^rest. */
function coefficient(factors, draws, rest = 0) {
  if (draws < 0) return 0n;
  let poly = [1n];
  for (const factor of factors) {
    poly = multiply(poly, factor, draws);
    if (!poly.some((c) => c)) return 0n;
  }
  let ways = 0n;
  poly.forEach((c, j) => { if (c && draws - j <= rest) ways += c * comb(rest, draws - j); });
  return ways;
}

/** The polynomial of drawing at least `need` of a kind that has `pool` items. */
function atLeast(pool, need) {
  need = Math.max(0, need);
  const out = new Array(need).fill(0n);
  for (let k = need; k <= pool; k += 1) out.push(comb(pool, k));
  return out;
}

/** How many draws of `draws` items hold at least need[i] of kind i (pool[i] items). */
export function waysAtLeast(pool, need, draws) {
  const factors = [];
  let rest = 0;
  for (let i = 0; i < pool.length; i += 1) {
    if (need[i] > pool[i]) return 0n;
    if (need[i] > 0) factors.push(atLeast(pool[i], need[i]));
    else rest += pool[i];
  }
  return coefficient(factors, draws, rest);
}

/** How many draws take exactly take[i] of kind i (and nothing else). */
export function waysExactly(pool, take) {
  let ways = 1n;
  for (let i = 0; i < pool.length; i += 1) ways *= comb(pool[i], take[i]);
  return ways;
}

// --- reading counts (draws.read_count, read_hidden) --------------------------------------------

const WHOLE = /^[0-9]+$/;

/** Python's float of a JSON value, if it is one (a PyFloat of parseJson, or a JS non-integer). */
function floatOf(value) {
  if (typeof value === "number" && !Number.isInteger(value)) return value;
  return value instanceof PyFloat ? value.value : null;
}

/**
 * A whole number of 0 or more, from an int or its digits (as typed on a shell or sent in
 * JSON), as a BigInt; anything else is one InvalidInput naming it (read_count).
 */
export function readCount(value, { field, what }) {
  let number = null;
  if (typeof value === "string") {
    const text = strip(value);
    const digits = text === "" || "+-".includes(text[0]) ? text.slice(1) : text;
    if (!(WHOLE.test(digits) && digits.length <= 20)) {
      throw new InvalidInput(`${what} must be a whole number, not ${shown(value)}`, { field });
    }
    number = BigInt(text[0] === "+" ? text.slice(1) : text);
  } else if (typeof value === "bigint") {
    number = value;
  } else if (typeof value === "number" && Number.isInteger(value)) {
    number = BigInt(value);
  } else {
    const float = floatOf(value);
    if (float !== null && Number.isFinite(float) && Number.isInteger(float)) number = BigInt(float);
  }
  if (number === null) {
    throw new InvalidInput(`${what} must be a whole number, not ${shown(value)}`, { field });
  }
  if (number < 0n) throw new InvalidInput(`${what} cannot be negative: ${number}`, { field });
  return number;
}

/** The hidden count: 0 to `left` (what `where` holds besides yours); more is `error`. */
export function readHidden(value, left, { field = "hidden", noun = "tiles", where, error }) {
  const hidden = readCount(value, { field, what: `the number of hidden ${noun}` });
  if (hidden > BigInt(left)) {
    throw new error(`${hidden} hidden ${noun}, but ${where} has only ${left} besides yours`,
      { field });
  }
  return Number(hidden);
}

// --- for people ----------------------------------------------------------------------------------

/** A double's exact value as m * 2**e (m a BigInt). */
function exactParts(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const mantissa = bits & ((1n << 52n) - 1n);
  return exponent ? [mantissa | (1n << 52n), exponent - 1075] : [mantissa, -1074];
}

/** Python's f"{x:.{places}f}" for x >= 0: the exact value rounded half to even. */
export function fixed(x, places) {
  const [m, e] = exactParts(x);
  const ten = 10n ** BigInt(places);
  let q;
  if (e >= 0) q = (m << BigInt(e)) * ten;
  else {
    const num = m * ten;
    const den = 1n << BigInt(-e);
    q = num / den;
    const twice = 2n * (num % den);
    if (twice > den || (twice === den && q % 2n)) q += 1n;
  }
  const digits = q.toString().padStart(places + 1, "0");
  return places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
}

/** A probability for people: '0.43%', '100%', '< 0.01%' (chance.percent). */
export function percent(value) {
  if (value === 0 || value === 1) return `${value * 100}%`;
  if (value < 0.0001) return "< 0.01%";
  if (value > 0.9999) return "> 99.99%";
  return `${fixed(value * 100, 2)}%`.replace(".00%", "%");
}

// --- Python's math.log, correctly rounded ------------------------------------------------------

const BITS = 160; // fixed-point fraction bits: far below a double's rounding
const ONE_FIXED = 1n << BigInt(BITS);

/** ln(y) * 2**BITS for y = m / 2**52 in [1, 2): 2 atanh((y - 1) / (y + 1)). */
function lnFixed(m) {
  const base = 1n << 52n;
  const z = ((m - base) << BigInt(BITS)) / (m + base);
  const z2 = (z * z) >> BigInt(BITS);
  let term = z;
  let sum = z;
  for (let k = 3n; term; k += 2n) {
    term = (term * z2) >> BigInt(BITS);
    sum += term / k;
  }
  return 2n * sum;
}

const LN2_FIXED = (() => { // ln 2 = 2 atanh(1/3)
  const third = ONE_FIXED / 3n;
  const z2 = (third * third) >> BigInt(BITS);
  let term = third;
  let sum = third;
  for (let k = 3n; term; k += 2n) {
    term = (term * z2) >> BigInt(BITS);
    sum += term / k;
  }
  return 2n * sum;
})();

const logs = new Map();

/** Python's math.log(x) for a positive finite double, correctly rounded. */
export function log(x) {
  if (x === 1) return 0;
  let value = logs.get(x);
  if (value === undefined) {
    const [m, e] = exactParts(x);
    const shift = 53 - bitLength(m); // normalise subnormals: m in [2**52, 2**53)
    const top = m << BigInt(shift);
    const exponent = e - shift + 52;
    const fixedLn = lnFixed(top) + BigInt(exponent) * LN2_FIXED;
    value = quotient(fixedLn, ONE_FIXED);
    if (logs.size > 50_000) logs.clear();
    logs.set(x, value);
  }
  return value;
}
