// String.prototype.isWellFormed exists in Node 20 (V8 11.3) but its type lives in lib ES2024,
// which would also admit APIs Node 20 lacks.
interface String {
  isWellFormed(): boolean;
}
