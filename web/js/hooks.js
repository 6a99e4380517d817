// Test and benchmark hooks, as the site ships them: there are none. Every name answers null, so nothing in
// an address (`?test-stall=…`, `?test-request-timeout-ms=…`) can change what the page or its worker does.
//
// The test build (`python3 build.py build` writes it beside dist/, as dist-test/) replaces this file with
// tools/testhooks.js, which reads the same names from the address of the page or of the worker. The tests
// and the browser benchmarks serve that build; the site that is deployed is dist/ alone.

/** The value of test hook `name` in this build: always null here. */
export function hook(name) {
  void name;
  return null;
}
