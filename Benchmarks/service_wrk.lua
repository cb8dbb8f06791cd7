-- wrk script for Benchmarks/service.sh: cycles through the paths listed one per line in the file
-- $WRK_PATHS (each thread starts at its own offset), and prints one machine-readable line:
--   WRK requests/s p50-µs p99-µs non-2xx/3xx socket-errors requests bytes
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  if #line > 0 then paths[#paths + 1] = line end
end
next_index = 0  -- global: setup() gives each thread its own start through thread:set

function setup(thread)
  next_index = next_index + 1
  thread:set("next_index", next_index * 7)
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format("GET", paths[next_index])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK %.1f %d %d %d %d %d %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout, summary.requests, summary.bytes))
end
