"""The HTTP plumbing every app's pages, API and sockets share: the strict parsers and the renderer, pagination,
the middleware, API errors and schema, token authentication, the socket base and what runs after a
response.  It sits above ``core`` (errors, events, policies, time zones, rate limits), which knows
nothing of HTTP.
"""
