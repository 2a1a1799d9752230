// Routee serves its API at the host root, and clients that build URLs from the host alone (the
// Ruby SDK: scheme, host and port, then /groups/my) never say /api. These rewrites, matched by
// Next's router (no per-request code), serve the API at the root too: /oauth/token for anyone,
// and every other path for requests that carry a Bearer token, which no browser visiting the
// dashboard sends, so its pages keep their paths. Listed before next.config.mjs's own rewrites,
// which then apply to the result (a trailing slash, the British spelling).

/** `Authorization: Bearer …`, any case of the scheme (Next anchors the pattern). */
export const bearerHeader = "[Bb][Ee][Aa][Rr][Ee][Rr]\\s.*";

export const rootApiRewrites = [
  { source: "/oauth/token", destination: "/api/oauth/token" },
  { source: "/oauth/token/", destination: "/api/oauth/token" },
  { source: "/:path((?!api/|api$|_next/).+)", has: [{ type: "header", key: "authorization", value: bearerHeader }], destination: "/api/:path" },
];
