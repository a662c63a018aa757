-- wrk script: POST the body in $BODY_FILE as JSON to the URL wrk is given, and print one line
-- the load test reads: requests, requests per second, latency percentiles (µs) and errors.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.body = file:read("*a")
file:close()

function done(summary, latency, requests)
    local errors = summary.errors
    io.write(string.format(
        "RESULT requests=%d rps=%.1f p50_us=%d p99_us=%d connect=%d read=%d write=%d status=%d timeout=%d\n",
        summary.requests, summary.requests / (summary.duration / 1e6),
        latency:percentile(50), latency:percentile(99),
        errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
