// The test build's web/js/hooks.js (build.py copies it into dist-test/js/hooks.js; dist/ never has it).
// A hook is read from the address of the document or worker that imports this module:
//   page:   ?test-request-timeout-ms=MS  shortens the page's request time limits (the hang tests)
//           ?test-replay-ms=MS           time between two steps of a solution replay
//           ?test-hint-delay=MS, ?test-stall=OP[,OP…], ?test-snapshot=MODE, ?trace=1   passed on to the
//                                        worker's address
//   worker: ?test-hint-delay=MS  holds every hint answer MS milliseconds (the searching banner)
//           ?test-stall=OP[,OP…] never answers those ops (the page's time limit and fresh start)
//           ?trace=1             reports every piece of background work (the first-actions benchmark)

/** The value of test hook `name` in the address, or null. */
export function hook(name) {
  return new URLSearchParams(self.location.search).get(name);
}
