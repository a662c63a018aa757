-- wrk script: the body of $BODY_FILE posted as JSON, with bad requests mixed in, in a fixed
-- rotation of 20: a body cut short, one that is not JSON, one nested 600 deep, one with the
-- wrong Content-Type (text/plain), and, once in every 10 rotations, a body of 100 MB. Prints one
-- line the load test reads: how many answers had each status, and the errors.
local good = assert(io.open(os.getenv("BODY_FILE"), "rb")):read("*a")
local json = { ["Content-Type"] = "application/json" }
local kinds = {
    { body = good:sub(1, math.floor(#good / 2)), headers = json },
    { body = "orders, please", headers = json },
    { body = string.rep("[", 600) .. string.rep("]", 600), headers = json },
    { body = good, headers = { ["Content-Type"] = "text/plain" } },
}
local huge = nil
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    sent = 0
    statuses = {}
end

function request()
    sent = sent + 1
    local turn = sent % 20
    if turn == 0 and sent % 200 == 0 then
        huge = huge or string.rep("x", 100 * 1024 * 1024)
        return wrk.format("POST", nil, json, huge)
    end
    local kind = kinds[turn]
    if kind then return wrk.format("POST", nil, kind.headers, kind.body) end
    return wrk.format("POST", nil, json, good)
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local totals = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses")) do
            totals[status] = (totals[status] or 0) + count
        end
    end
    local parts = {}
    for status, count in pairs(totals) do table.insert(parts, string.format("s%d=%d", status, count)) end
    table.sort(parts)
    local errors = summary.errors
    io.write(string.format("MIXED requests=%d connect=%d read=%d write=%d timeout=%d %s\n",
        summary.requests, errors.connect, errors.read, errors.write, errors.timeout, table.concat(parts, " ")))
end
