import "@testing-library/jest-dom";

// Requests in tests carry their client address the way server/front-server.mjs does (tests/helpers/route.ts fromClient).
process.env.MM_PEER_TOKEN ??= "jest-peer-token";
// Suites that are not about rate limits must not trip them (tests/integration/rate-limits.test.ts sets 1).
process.env.RATE_LIMIT_SCALE ??= "100";
