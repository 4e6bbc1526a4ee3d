-- wrk script for bench/wrk.ts. Environment:
--   WRK_METHOD        GET or POST (default POST)
--   WRK_HEADERS_FILE  "Name: value" lines
--   WRK_BODY_FILE     the body; every "[<id>]" becomes an id unique to this run (WRK_ID_PREFIX), and
--                     every "[<session>]" a session id shared by WRK_SESSION_REQUESTS requests in turn
--   WRK_PATHS_FILE    paths with query, one per line, sent in turn (default: the URL's path)
-- At the end it writes one line "WRK_JSON {...}" with the counts and latency percentiles.
local function slurp(name)
  local path = os.getenv(name)
  if not path or path == "" then return nil end
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local method = os.getenv("WRK_METHOD") or "POST"
local prefix = os.getenv("WRK_ID_PREFIX") or tostring(os.time())
local headers = {}
for line in (slurp("WRK_HEADERS_FILE") or ""):gmatch("[^\n]+") do
  local k, v = line:match("^([^:]+):%s*(.*)$")
  if k then headers[k] = v end
end
local parts = nil
local body = slurp("WRK_BODY_FILE")
if body then
  parts = {}
  for piece in (body .. "[<id>]"):gmatch("(.-)%[<id>%]") do parts[#parts + 1] = piece end
end
local sessionRequests = tonumber(os.getenv("WRK_SESSION_REQUESTS") or "1")
local sessions = body ~= nil and body:find("[<session>]", 1, true) ~= nil
local paths = {}
for line in (slurp("WRK_PATHS_FILE") or ""):gmatch("[^\n]+") do paths[#paths + 1] = line end

local counter = 0
request = function()
  counter = counter + 1
  local path = nil
  if #paths > 0 then path = paths[(counter - 1) % #paths + 1] end
  local b = nil
  if parts then
    if #parts == 1 then b = parts[1] else
      local id = prefix .. "-" .. counter
      local out = { parts[1] }
      for i = 2, #parts do out[#out + 1] = id .. "-" .. (i - 1); out[#out + 1] = parts[i] end
      b = table.concat(out)
    end
    if sessions then
      local session = prefix .. "-s" .. math.floor((counter - 1) / sessionRequests)
      b = b:gsub("%[<session>%]", function() return session end)
    end
  end
  return wrk.format(method, path, headers, b)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.status))
end
