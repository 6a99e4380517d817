"""What the benchmarks time, game by game: solving one deal (its winning line replayed on the engine),
and the naive searches the solvers are compared with. A library for the benchmark scripts (solver_bench.py,
worker_solution_bench.py, ...), not a script: the scripts import it, never each other."""
