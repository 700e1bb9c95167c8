vcl 4.1;
# Varnish in front of `npm start` (Varnish 7.x with varnish-modules' xkey).
# The shop tags every cacheable answer (Surrogate-Key) and, with
# CDN_PURGE=varnish and VARNISH_PURGE_URLS=http://<this varnish>/, purges by
# those tags on every catalogue change (lib/cdn/purge-service.ts). See the README's
# Deploying section.
#   varnishd -a :80 -f /path/to/default.vcl -s malloc,256m
# Set the backend below to where `npm start` listens.

import xkey;

backend shop {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
}

# Who may purge: the shop's own instances. Add their addresses when they run elsewhere.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge header missing"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }
    # Only reads are ever cached; writes (server actions, API mutations) go straight through.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Pages and API answers for one visitor only: never looked up, never stored.
    if (req.url ~ "^/(admin|cart|checkout|account|order-status|order-confirmation|quote|review|newsletter)(/|\?|$)") {
        return (pass);
    }
    # The API: only the public catalogue reads are cacheable.
    if (req.url ~ "^/api/" && req.url !~ "^/api/(products|search/suggest)(\?|$)") {
        return (pass);
    }
    # A signed-in admin (next-auth session cookie) always gets the live answer.
    if (req.http.Cookie ~ "(^|;\s*)(__Secure-)?next-auth\.session-token=") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # The public pages read no cookie: drop the rest (analytics, consent) so they share one copy.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # The shop's tags become xkey's secondary keys (purged by tag above).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Anything that sets a cookie, or that the shop marks private, is never stored.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store|no-cache)" || !beresp.http.Cache-Control) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # must-revalidate (no purging configured): not served stale once its s-maxage is over.
    if (beresp.http.Cache-Control ~ "must-revalidate") {
        set beresp.grace = 0s;
    }
    # Kept a while past its life so an expired copy is revalidated with its ETag (a 304) instead of fetched whole.
    set beresp.keep = 1h;
    return (deliver);
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.xkey;
}
