// Generated from the OpenAPI document by `npm run gen:api` (openapi-typescript): do not edit.
export interface paths {
    "/api/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Durable jobs: counts per queue, and the jobs newest first (platform signature)
         * @description An exhausted webhook delivery is a failed job. `status` narrows the list (not the counts); succeeded jobs are kept 7 days.
         */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One more attempt of a failed job, now (platform signature)
         * @description The failed job is waiting again with exactly one more attempt, due now, and its queue reopens what the job works on in the same transaction. A webhook delivery (queue `webhook`) that failed, its schedule exhausted or not, goes back to pending and is sent once more with the same webhook-id, as the merchant’s replay: if that attempt fails, the delivery is failed again, without a new schedule; one that succeeded since is not sent again. An integration run left running by a stopped worker starts again. 404 for an unknown job; 409 invalid_state for a job that has not failed (waiting, running or succeeded).
         */
        post: operations["retryJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/run-due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the jobs that are due now, in this process: the external scheduler’s tick when WORKER=0 (platform signature)
         * @description For deployments without a resident worker: an external scheduler calls this to run the jobs whose time has come, in the answering process, and gets what ran. Platform signature only.
         */
        post: operations["runDueJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All sites with member and active-key counts, newest first (platform signature)
         * @description Every site of the platform with its member and active API key counts, newest first. Platform operators only: the request carries an X-Platform-Signature.
         */
        get: operations["listAllSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/publishers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Publisher analytics for an owner of an active publisher-mode site
         * @description Clicks, orders, revenue and commission per publisher and network over a period, in the site’s time zone. Owners of an active publisher-mode site.
         */
        get: operations["getPublisherAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a visitor’s consent decision: 201 { consent_id }
         * @description Runtime token only, with the Origin it was issued for (another or none: 401); a secret key or an ID token is 401. During page unload the body may be text/plain with `runtime_token` in it and no credential header (navigator.sendBeacon); a secret key in the body is 401.
         *
         *     Every decision is a new record (the SDK sends one for each): nothing is updated or replaced, so the records are the history of what the visitor chose. Bad input (no choices, a choice that is not true/false, an unknown source, a policy_version over 64 characters or with a control character) is 400 at its pointer and nothing is stored.
         *
         *     Stored with the token’s origin and the server’s time of receipt; the session and device ids are encrypted at rest and the device is also kept as a keyed hash for lookups. The client address is not stored.
         */
        post: operations["recordConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credentials/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the credential this request carries (kind, site, scopes, trust class)
         * @description What the server makes of the credential in this request: its kind and trust class, its site, its scopes or role. Useful to check a key or token before using it.
         */
        get: operations["getCurrentCredential"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event as stored, with its trust class and deduplication key source (members of its site)
         * @description The stored event with its properties, trust class, received time and the source of its deduplication key. Members of the event’s site; another site’s event is 404.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 1–100 events, each validated alone: 201 when all succeed, 207 when any fails (the good ones are stored)
         * @description Also the beacon route: during page unload a browser may send `{ api_key: <runtime token>, events }` as text/plain without a credential header.
         */
        post: operations["trackEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Track one event: 201 stored, 200 duplicate (deduplicated: true, the original event_id)
         * @description Runtime token (browser trust, with its Origin) or API key with events:write (server trust). The event is validated against its type; the deduplication key makes a replay 200 with the original event_id. Every answer carries the hourly quota in RateLimit-* headers. A browser event may carry `context.consent` ({ analytics, marketing, source, policy_version? }); under the site’s consent policy an event without analytics consent is stored with no device_id and no user_id and with the server’s own anon_ session (server-trust events are not gated).
         */
        post: operations["trackEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Answers 200 as long as the process runs; it does not touch the database (see the readiness route for that).
         */
        get: operations["checkLivenessV1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-attribution/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a trusted purchase, adjustment or cancellation of an order
         * @description Amounts are reconciled exactly in minor units of the currency (422 reconciliation_failed names the rule). Idempotent per site: an identical replay answers 200 deduplicated, a changed one 409 idempotency_conflict.
         */
        post: operations["recordConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-attribution/conversions/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order’s ledger and current state (members of the site)
         * @description The order’s ledger entries (purchase, adjustments, cancellation) with their deltas, its net amounts and state, and the touches and assignments it names (resolved or not). Members of the site named by website_id.
         */
        get: operations["getConversion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-attribution/touches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record 1–20 affiliate touches, all or nothing: 201 if any is new, 200 if all are unchanged replays, 409 on a reused touch_id
         * @description Runtime tokens only, so every touch is browser-class evidence. Raw click ids are encrypted before storage and never returned. During unload the body may be text/plain with `runtime_token` in it and no credential header. Touches are marketing: `consent` is what the page had in force, and under the site’s consent policy (opt_in: only a visitor’s banner or API decision grants; cookieless: never; opt_out with honor_gpc: `Sec-GPC: 1` objects) a request without marketing consent is 403 consent_required and nothing is stored.
         */
        post: operations["recordTouches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-experiments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s experiments, newest first
         * @description Cursor-paged (limit, cursor; meta.next_cursor), for the site named by website_id (members of it).
         */
        get: operations["listExperiments"];
        put?: never;
        /**
         * Create an experiment (draft)
         * @description A draft experiment with its arms, for the site named by website_id (members of it). Start it to begin assigning sessions. A site holds at most LIMIT_EXPERIMENTS_PER_SITE experiments (default 200) in any state: past it, 422 limit_reached, its message naming the number.
         */
        post: operations["createExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-experiments/{experimentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One experiment
         * @description The experiment with its arms and status; to anyone but a member of its site it does not exist (404).
         */
        get: operations["getExperiment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a draft (409 invalid_state otherwise)
         * @description Only a draft may change; a running or stopped experiment answers 409 invalid_state.
         */
        patch: operations["updateExperiment"];
        trace?: never;
    };
    "/api/v1/partner-experiments/{experimentId}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Results: four metrics per arm with effects, and the sample-ratio, power, late-conversion and refund states
         * @description Unit: the session; denominator: every assigned session (intent-to-treat). Only trusted purchases count (browser purchase events never do), net of adjustments and cancellations. Money figures are in the experiment’s currency.
         */
        get: operations["getExperimentResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-experiments/{experimentId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * draft → running (409 invalid_state otherwise)
         * @description From then on sessions are assigned to its arms; any other state answers 409 invalid_state.
         */
        post: operations["startExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-experiments/{experimentId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * running → stopped (409 invalid_state otherwise)
         * @description Assignment stops; results stay readable. Any state but running answers 409 invalid_state.
         */
        post: operations["stopExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner-experiments/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The session’s sticky variant in the site’s running experiments, before the campaigns they govern load
         * @description Sticky per session: the same session always gets the same variant of an experiment. Runtime token only (browser).
         */
        post: operations["assignSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bytes of a media item (no credential)
         * @description The exact bytes uploaded, with the sniffed Content-Type, Content-Length, ETag "<sha256>", Cache-Control: public, max-age=31536000, immutable, X-Content-Type-Options: nosniff and Content-Disposition: inline; 304 on a matching If-None-Match. An unknown item, or one whose site is gone or archived, is 404. HEAD answers the headers alone.
         */
        get: operations["getMediaBytes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/publisher/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a click on a decorated publisher link: 201 new, 200 identical replay, 409 changed
         * @description The site must be in publisher mode (403 publisher_mode_inactive), the visitor must have marketing consent under the site’s consent policy (`consent`: what the page had in force; without it 403 consent_required, nothing stored) and the destination host on the provider’s allowlist (422). The reference is stored only as a keyed hash and ciphertext; the destination keeps host and path.
         */
        post: operations["recordClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/publisher/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import network report records: 201 when all succeed, 207 when any fails (the good ones stored)
         * @description Each record is read alone from its format and upserted by (provider, transaction id): a newer version (by date, then status rank) applies, an older one is unchanged; the status history is kept. CJ corrections join their original’s order. Formats: canonical, awin (transaction list), cj (Commission Detail GraphQL, records or the whole response document); see docs/publisher-report-formats.md. An unknown format, currency or time zone, a document without records, or an empty one: 400.
         */
        post: operations["importReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers and every migration is applied
         * @description Answers 200 when the database answers and every migration is applied, else 503 unavailable with the reason.
         */
        get: operations["checkReadinessV1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products to show in a recommendation campaign’s slot
         * @description The campaign’s strategy: `similar` (the anchor’s neighbours by co-occurrence in sessions), `frequently_bought_together` (in server-trusted orders with the anchor, or with what the session carted), `personalized` (neighbours of the session’s recent views) or `popular` (weighted views, carts and purchases of the last 7 days). Popular products fill what a strategy lacks, the anchor’s categories first; `strategy` names what served the first item. Never the anchor product, archived or (unless the campaign says otherwise) out-of-stock products, nor another site’s. 404: no live recommendation campaign of the site by that id. 400 at /product_id: a similar campaign without product_id. A personalized campaign asked with a runtime token needs marketing consent under the site’s consent policy (`consent`, `consent_source`, and `Sec-GPC: 1` under opt_out with honor_gpc): without it 403 consent_required and nothing is stored; a secret key is not gated.
         */
        get: operations["getRecommendations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runtime/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s public configuration for its storefront (runtime token, its Origin)
         * @description Live campaigns only (active, in their dates, their gating experiment running), without names or anything internal; media as absolute URLs. ETag with Cache-Control: private, max-age=60; 304 on If-None-Match. A change is served within 5 s by every process.
         */
        get: operations["getRuntimeConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runtime/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a public site id for a short-lived runtime token bound to the request Origin
         * @description A storefront page exchanges its public site id for a runtime token bound to the site and to the page’s Origin (which must be one of the site’s origins). No credential; counted against the client address.
         */
        post: operations["createRuntimeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How merchants sign in to the dashboard
         * @description The identity provider by OpenID Connect (Authorization Code with PKCE) when `IDP_ISSUER` is configured; else the local issuer when it is on (the embedded engine outside production by default) and serves this client (a loopback client, or any with `LOCAL_IDP_REMOTE=1`); else none.
         */
        get: operations["getSignInMethod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/local": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with the local issuer: an ID token for a user name (embedded and development setups)
         * @description For the embedded engine and development only: anyone who can reach the server may sign in as any user name, so production deployments configure an identity provider and leave the local issuer off (`LOCAL_IDP=0`, the default with PostgreSQL and with `NODE_ENV=production`), which makes this route answer 404. Even when it is on, a client that is not on loopback (or that a proxy relayed) is refused with 403 unless `LOCAL_IDP_REMOTE=1`. The token lasts 8 hours; each client address may sign in 20 times a minute (429 beyond).
         */
        post: operations["signInLocally"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sites the caller is a member of, newest first
         * @description Cursor-paged (limit, cursor; meta.next_cursor). Any signed-in merchant user, who sees only the sites they belong to.
         */
        get: operations["listSites"];
        put?: never;
        /**
         * Create a site; the caller becomes its owner
         * @description Creates the site with its origins, publisher mode and configuration; the caller becomes its owner. The public site id (`site_…`) is what storefront pages use. A user is a member of at most LIMIT_SITES_PER_USER live sites (default 100; archived ones do not count): past it, 422 limit_reached, its message naming the number.
         */
        post: operations["createSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a site (members)
         * @description The site’s name, origins, publisher mode and configuration. Members of the site.
         */
        get: operations["getSite"];
        put?: never;
        post?: never;
        /**
         * Archive a site (owners): its keys, runtime tokens, resources and public media are gone from then on
         * @description Archiving is final. The site disappears from every list and read (404), its API keys and runtime tokens are refused (401), and its public media answer 404; its rows stay in the database.
         */
        delete: operations["archiveSite"];
        options?: never;
        head?: never;
        /**
         * Change name, origins, publisher mode or configuration (owners)
         * @description Changes only the fields sent; the configuration is validated before anything is stored. Owners of the site.
         */
        patch: operations["updateSite"];
        trace?: never;
    };
    "/api/v1/sites/{siteId}/analytics/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per campaign: impressions, clicks, CTR, submissions, and add-to-carts and trusted revenue after a click
         * @description Members of the site (a non-member 403, an unknown site 404). The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset; at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at.
         *
         *     A recommendation impression or click counts for its campaign when its recommendation_id is an answer GET /recommendations gave for that campaign on this site; the others are counted apart in `unattributed`. After a click: the add_to_cart events of the session after its first click of the campaign in the period, and its server-trusted (secret-key) purchase events after it, each order once, valued by the conversion ledger (net of refunds, a cancelled order 0) when it has the order, else by the event’s own amount and currency.
         *
         *     Listed: every campaign with a figure in the period and every campaign not archived, most impressions first. A campaign gated by an experiment shows to its treatment arm (control is the holdout).
         */
        get: operations["getAnalyticsCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/analytics/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions reaching each step of a funnel of event types, in order, within a window
         * @description The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset (default the 30 days before now); at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at; figures include acknowledged events within 10 s.
         *
         *     `steps`: 2–8 distinct event types, comma-separated. A session reaches a step when it has an event of each step up to it, each strictly later than the one before, all within `window_minutes` (1–10,080, default 60) of the first step’s event; events of the period only.
         */
        get: operations["getAnalyticsFunnel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visitors, sessions, events and trusted conversions of a period, and of the period before it
         * @description The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset (default the 30 days before now); at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at; figures include acknowledged events within 10 s.
         *
         *     visitors = distinct device_id (an event without one counts its session_id); sessions = distinct session_id, across trust classes, exact. browser_purchases are purchase events of browser trust (observations). conversions are orders of the trusted ledger whose purchase occurred in the period, net of every later entry as of now, cancelled orders left out; money per currency, or plain numbers in `currency`. conversion_rate = conversions ÷ sessions; average_order_value = revenue ÷ conversions rounded to the minor unit (0 without conversions).
         *
         *     `previous` holds the same figures for [from − (to − from), from).
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One metric per local hour, day or ISO week of a period, zero-filled
         * @description The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset (default the 30 days before now); at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at; figures include acknowledged events within 10 s.
         *
         *     Buckets are local calendar units of `tz`: real hours (a DST day has 23 or 25), days from local midnight, ISO weeks from Monday 00:00 local; the first may start before `from` and the last end after `to`, what they count stays within the period. `bucket_start` is UTC with milliseconds. Distinct metrics (visitors, sessions) count per bucket. conversions and revenue are trusted orders by their purchase time, net, cancelled left out; revenue needs `currency`. interval=hour covers at most 31 days.
         */
        get: operations["getAnalyticsTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/analytics/top": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The most frequent pages, products, referrer hosts, UTM sources or campaigns, or device types of a period
         * @description The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset (default the 30 days before now); at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at; figures include acknowledged events within 10 s.
         *
         *     `page` counts page views by the path of their page_url (no query); `product` counts product views by product_id; referrer_host, utm_source, utm_campaign (from the page_url’s query) and device_type count sessions by their first event in the period. Rows without a value are left out; sorted by count, then value; at most `limit` (1–100, default 10).
         */
        get: operations["getAnalyticsTop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys, newest first (members); secrets are never shown
         * @description The site’s API keys with their scopes, rate limit, prefix and revocation time, newest first. The secret itself is never shown after creation. Members of the site.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create a secret API key (owners); the secret is in this response only
         * @description Creates a secret API key (`sk_…`) with the scopes asked and an hourly event rate limit. The secret is in this response only (Cache-Control: no-store); store it now. Owners of the site. A site holds at most LIMIT_API_KEYS_PER_SITE keys (default 200), revoked and expired ones included: past it, 422 limit_reached, its message naming the number.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key (owners); revoking twice keeps the first time
         * @description Revokes the key at once: requests with it answer 401 from then on. Revoking an already revoked key is 200 and keeps the first revocation time. Owners of the site.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s campaigns, newest first (of one status or kind)
         * @description Cursor-paged (limit, cursor; meta.next_cursor), optionally of one status or kind. Members of the site.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a campaign (draft unless status says otherwise)
         * @description 400: the content fails its kind’s schema (content of another kind), a form without fields or with duplicate names, a quiz without answers, a glob over 200 characters, delay_ms < 0, scroll_percent > 100, ends_at not after starts_at. 422 unknown_experiment / unknown_media: an id the site does not have; 422 experiment_not_running: going active with an experiment that is not running; 422 config_too_large: the public configuration would pass 64 KiB with every active campaign shown. 422 limit_reached: the site holds LIMIT_CAMPAIGNS_PER_SITE campaigns (default 500) in any status, archived ones included; the message names the number.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/campaigns/{campaignId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign
         * @description The campaign as stored, with its version; another site’s campaign is 404.
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a campaign: its status and any field (version + 1 when something changed)
         * @description Content, targeting, trigger and frequency are replaced whole (null: the default); kind never changes. 409 invalid_state: any change to an archived campaign, or a move the status machine refuses (draft → active | archived; active ⇄ paused; any → archived). 400: the content fails its kind’s schema (content of another kind), a form without fields or with duplicate names, a quiz without answers, a glob over 200 characters, delay_ms < 0, scroll_percent > 100, ends_at not after starts_at. 422 unknown_experiment / unknown_media: an id the site does not have; 422 experiment_not_running: going active with an experiment that is not running; 422 config_too_large: the public configuration would pass 64 KiB with every active campaign shown.
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/api/v1/sites/{siteId}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s consent records, newest first
         * @description Members of the site (a non-member 403, an unknown site 404); API keys are not accepted. device_id narrows to one device’s records; a cursor continues only the list it came from (another device_id refuses it, 400 at /cursor).
         */
        get: operations["listConsents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s integrations, newest first
         * @description Cursor-paged (limit, cursor; meta.next_cursor); API tokens are never returned. Owners of the site.
         */
        get: operations["listIntegrations"];
        put?: never;
        /**
         * Connect an Awin or CJ account: its reports are imported on a schedule
         * @description Owners only (members: 403). kind awin | cj; credentials { api_token, account_id, website_id? } (the token is stored encrypted and never shown again: api_token_last4 only; PATCH replaces credentials whole, and a change of kind needs them); currency (ISO 4217) is required for cj (400 at /currency); every_minutes ≥ 15 (default 60); lookback_days 1–90 (default 30). An active integration runs now and then every every_minutes; paused, it runs only when asked. A site holds at most LIMIT_INTEGRATIONS_PER_SITE integrations (default 50; deleting one frees room): past it, 422 limit_reached, its message naming the number.
         */
        post: operations["createIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/integrations/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One integration (never its token)
         * @description The integration’s network, settings, schedule and status; its API token is never returned. Another site’s is 404.
         */
        get: operations["getIntegration"];
        put?: never;
        post?: never;
        /**
         * Delete an integration and its runs (what it imported stays)
         * @description Stops its schedule and deletes its runs; the records it imported stay in the publisher ledger.
         */
        delete: operations["deleteIntegration"];
        options?: never;
        head?: never;
        /**
         * Change an integration (credentials, currency, schedule, window, status)
         * @description Owners only (members: 403). kind awin | cj; credentials { api_token, account_id, website_id? } (the token is stored encrypted and never shown again: api_token_last4 only; PATCH replaces credentials whole, and a change of kind needs them); currency (ISO 4217) is required for cj (400 at /currency); every_minutes ≥ 15 (default 60); lookback_days 1–90 (default 30). An active integration runs now and then every every_minutes; paused, it runs only when asked.
         */
        patch: operations["updateIntegration"];
        trace?: never;
    };
    "/api/v1/sites/{siteId}/integrations/{integrationId}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run now: 202 with the queued run, or with the run already queued or running
         * @description Queues a run at once (202). When a run is already queued or running it is answered instead of a new one.
         */
        post: operations["runIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/integrations/{integrationId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The integration’s runs, newest first: status, window, records read, created, updated, unchanged, errors, and why a failed run failed
         * @description Cursor-paged (limit, cursor; meta.next_cursor). Owners of the site.
         */
        get: operations["listIntegrationRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s media, newest first
         * @description Cursor-paged (limit, cursor; meta.next_cursor), with the public URL of each item’s bytes.
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload an image (multipart/form-data, one part named file): 201 new, 200 when the site has these bytes already
         * @description The bytes are streamed into the database in chunks. The type is sniffed from them: JPEG, PNG, WebP, GIF or AVIF, anything else (SVG, HTML, a script named .png) 415; the dimensions are read from the header and from every frame (a GIF’s frames may enlarge its canvas and are stored at that size; an APNG’s or animated WebP’s frames must fit inside theirs): over 50 megapixels 422 image_too_large; a frame outside an APNG’s or WebP’s canvas 400 at /file (malformed_image); a file cut short (or whose container sizes do not add up) 400 at /file; larger than MEDIA_MAX_BYTES 413; empty 400 at /file. Text fields beside the file are ignored; a second file is 400. The same bytes again on the same site answer 200 with the same media_id. A new item must fit the site’s limits, LIMIT_MEDIA_ITEMS_PER_SITE items (default 10000) and LIMIT_MEDIA_BYTES_PER_SITE bytes with this one’s (default 10 GiB): past either, 422 limit_reached, its message naming the number (a repeated upload answered 200 adds nothing and is never refused; deleting items frees room).
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One media item (another site’s is 404)
         * @description The item’s metadata and the public URL of its bytes. Members of the site.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /**
         * Delete a media item and its bytes; 409 media_in_use while a product or a campaign uses it
         * @description The bytes are deleted with the item; its public URL answers 404 from then on.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members, newest first (owners)
         * @description Cursor-paged (limit, cursor; meta.next_cursor). Owners of the site.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add a member or change a role (owners); 201 when added, 200 when changed
         * @description Adds the user with the role, or changes an existing member’s role; a site always keeps at least one owner (422 last_owner). A new member must fit LIMIT_MEMBERS_PER_SITE (default 500, owners included) and the user’s LIMIT_SITES_PER_USER (default 100 live sites): past either, 422 limit_reached, its message naming the number; a role change counts toward neither.
         */
        post: operations["putMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s products, newest first (by creation, then id), with search and filters
         * @description A cursor continues the list it came from: the same filters (another filter set refuses it, 400 at /cursor). A replaced product keeps its place.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product (archived: 404)
         * @description The product as last written. An archived product, or another site’s, is 404.
         */
        get: operations["getProduct"];
        /**
         * Create (201) or replace (200) a product
         * @description Fields left out are gone after the write. An identical write, or one whose updated_at is older than the stored version, answers 200 and changes nothing; a write of an archived product revives it (201). product_id, when given, must equal the path’s (400). 422 invalid_sale_price: a sale price above the price or in another currency; 422 unknown_media: an image_media_id the site does not have.
         */
        put: operations["putProduct"];
        post?: never;
        /**
         * Archive a product: 200 with the product as it was; then 404 in reads, never recommended
         * @description Events that name it stay valid; a later PUT or bulk write revives it (created).
         */
        delete: operations["archiveProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/products/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or replace 1–500 products, each alone: 201 when all succeed, 207 when any fails (the others are stored)
         * @description Each result: { index, product_id, status: created | updated | unchanged | error, error? }. A product whose updated_at is older than the stored version is unchanged (a late sync never overwrites newer data). At most 5 MiB (413).
         */
        post: operations["putProducts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s submissions, newest first, their fields decrypted
         * @description Members of the site (a non-member 403, an unknown site 404). campaign_id narrows to one campaign; a cursor continues only the list it came from (another campaign_id refuses it, 400 at /cursor). Spam and erased submissions never appear.
         */
        get: operations["listSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/submissions/{submissionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One submission, its fields decrypted
         * @description Members of the site. Spam, an erased submission, an unknown id, another site’s submission and a non-member are the same 404.
         */
        get: operations["getSubmission"];
        put?: never;
        post?: never;
        /**
         * Erase a submission’s personal data: 200 { submission_id, erased_at }
         * @description Members of the site. The encrypted fields, the email and phone hashes and the session are dropped at once; afterwards the submission is 404 to reads and to a second erasure, is no longer exported, and its email no longer dedupes. An unknown id, another site’s submission and a non-member are the same 404.
         */
        delete: operations["eraseSubmission"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s workflows, newest first
         * @description Cursor-paged (limit, cursor; meta.next_cursor); signing secrets are never shown after creation. Members of the site.
         */
        get: operations["listWorkflows"];
        put?: never;
        /**
         * Create a workflow: its signing secret (whsec_…) is shown once, here
         * @description Only server-class events, trusted conversions, publisher report imports and experiment changes trigger; browser events never. event_types filters within the trigger (unknown: 400 at /trigger/event_types/<i>); every condition must hold (path a JSON Pointer into the webhook data, `in` with an array, `exists` without a value: else 400 at the condition). action.url must be https on a public host, else 400 destination_not_allowed at /action/url (ALLOW_PRIVATE_WEBHOOKS=1 lifts it). At most 50 workflows a site: 422 too_many_workflows.
         */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/workflows/{workflowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One workflow (never its secret)
         * @description The workflow’s name, status, trigger and action (never its signing secret). Another site’s is 404.
         */
        get: operations["getWorkflow"];
        put?: never;
        post?: never;
        /**
         * Delete a workflow and its deliveries
         * @description Deletes the workflow with its deliveries, so no further attempt of them is sent.
         */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Change a workflow (name, status, trigger, action)
         * @description Only server-class events, trusted conversions, publisher report imports and experiment changes trigger; browser events never. event_types filters within the trigger (unknown: 400 at /trigger/event_types/<i>); every condition must hold (path a JSON Pointer into the webhook data, `in` with an array, `exists` without a value: else 400 at the condition). action.url must be https on a public host, else 400 destination_not_allowed at /action/url (ALLOW_PRIVATE_WEBHOOKS=1 lifts it). At most 50 workflows a site: 422 too_many_workflows.
         */
        patch: operations["updateWorkflow"];
        trace?: never;
    };
    "/api/v1/sites/{siteId}/workflows/{workflowId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workflow’s deliveries, newest first: attempts, last status code, next attempt, the first 1 KiB of the answer
         * @description Cursor-paged (limit, cursor; meta.next_cursor). Members of the site.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/workflows/{workflowId}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One new attempt of a delivery (same webhook_id), now
         * @description Sends the delivery again now, with the same webhook-id so receivers can deduplicate; the attempt is added to its history.
         */
        post: operations["replayDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{siteId}/workflows/{workflowId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret, shown once; the previous one signs too for 24 h
         * @description The new secret (whsec_…) is in this response only. For 24 hours deliveries are signed with both secrets, so receivers can switch without losing any.
         */
        post: operations["rotateWorkflowSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a campaign’s form from the browser: 202 { submission_id }
         * @description Runtime token only, with the Origin it was issued for (another or none: 401); a secret key or an ID token is 401. Answers 202 { submission_id } once the submission is stored.
         *
         *     Order: the token (401); the rate limit: per client address and campaign at most 10 requests a clock minute, replays and 400s included (429 rate_limited with Retry-After and RateLimit-* headers); the schema (400 at the path: at most 30 keys in fields, each value text ≤ 1,000 characters, true/false or null, U+0000 and unpaired surrogates refused anywhere); the campaign: 404 not_found unless it is active on the token’s site, within its dates, with a form (another site’s campaign is 404 alike); form_id must be that form’s (400 at /form_id); then the form’s rules (400 validation_failed, every problem at its pointer).
         *
         *     Rules: a key the form does not name is 400 at /fields/<name>; required fields present and not empty; text stored trimmed; an email field a valid address (the browsers’ rule for type=email, a dotted domain) of ≤ 254 characters; a phone field 6–20 digits with spaces, hyphens, parentheses and a leading +; a choice one of its options; a consent field true or false, true when required. consent on a form without a consent text is 400 at /consent; consent.granted must agree with the form’s consent field, and be true when that field is required.
         *
         *     Idempotency: the same client_submission_id on the site answers 202 with the first submission_id; so does the same email (trimmed, lower-cased) on the same campaign within 24 h. An erased submission no longer counts. A filled honeypot (fields.website) answers 202 like any other and is never listed, exported or counted. Fields are encrypted at rest; the consent is kept with the sha256 of the text shown and the server’s time. Submissions never trigger workflows.
         */
        post: operations["submitForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Answers 200 as long as the process runs; it does not touch the database (see the readiness route for that).
         */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers and every migration is applied
         * @description Answers 200 when the database answers and every migration is applied, else 503 unavailable with the reason.
         */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/v1/render.mjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SDK’s campaign renderer (an ES module the SDK imports when a campaign is shown)
         * @description Cacheable: ETag, Cache-Control: public, max-age=3600, stale-while-revalidate=604800; 304 when If-None-Match names the current ETag. No credential.
         */
        get: operations["getSdkRenderer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/v1/storefront.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The browser SDK (global `Storefront`)
         * @description Cacheable: ETag, Cache-Control: public, max-age=3600, stale-while-revalidate=604800; 304 when If-None-Match names the current ETag. No credential.
         */
        get: operations["getSdkScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/v1/storefront.mjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The browser SDK as an ES module
         * @description Cacheable: ETag, Cache-Control: public, max-age=3600, stale-while-revalidate=604800; 304 when If-None-Match names the current ETag. No credential.
         */
        get: operations["getSdkModule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Adjustment: {
            /** @description Signed; default 0 */
            commissionable_delta?: number;
            /** @description ISO 4217 code; amounts may have at most its decimals (JPY 0, EUR 2, KWD 3) */
            currency: string;
            /** @description Unique per site; an identical replay answers 200, a changed one 409 */
            idempotency_key: string;
            lines?: {
                amount_delta: number;
                /** @description A line of the purchase */
                line_id: string;
                quantity_delta?: number;
            }[];
            /** @description Signed; only for orders whose purchase carried a margin */
            margin_delta?: number;
            /**
             * Format: date-time
             * @description Source timestamp; each later entry of an order must be later
             */
            occurred_at: string;
            order_id: string;
            /** @enum {unknown} */
            reason: "refund" | "return" | "correction" | "price_adjustment" | "other";
            /** @description Signed and non-zero: a refund is negative */
            revenue_delta: number;
            /** @enum {number} */
            schema_version: 1;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            website_id: string;
        };
        /** @description A signed change of an order’s amounts (refund, return, correction) */
        AdjustmentConversion: {
            adjustment: components["schemas"]["Adjustment"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event_type: "adjustment";
        };
        ApiKey: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            expires_at: string | null;
            /** @description API key id (`key_…`) */
            key_id: string;
            name: string | null;
            /** @description First characters of the secret, to recognise it */
            prefix: string;
            /** @description Events per clock hour */
            rate_limit_per_hour: number;
            revoked_at: string | null;
            scopes: ("events:write" | "partner_attribution:convert" | "publisher_reports:write" | "catalog:write")[];
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
        };
        /** @description A campaign */
        Campaign: {
            /** @description Campaign id (`cmp_…`) */
            campaign_id: string;
            /** @description The content of its kind, in its normal form */
            content: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            ends_at: string | null;
            experiment_id: string | null;
            /** @description Caps on how often one visitor sees it (counted in the browser) */
            frequency: {
                max_per_day?: number;
                max_per_session?: number;
            };
            /** @enum {unknown} */
            kind: "overlay" | "chatbot" | "recommendation";
            name: string;
            priority: number;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
            starts_at: string | null;
            /** @enum {unknown} */
            status: "draft" | "active" | "paused" | "archived";
            /** @description Who sees it: paths (globs on the path; include empty = every path, exclude wins), devices, new visitors only */
            targeting: {
                devices: string[];
                new_visitors_only: boolean;
                url_exclude: string[];
                url_include: string[];
            };
            /** @description When it shows (default: on page load) */
            trigger: {
                /** @description Required with on: delay */
                delay_ms?: number;
                /** @enum {unknown} */
                on: "page_load" | "delay" | "scroll" | "exit_intent";
                /** @description Required with on: scroll */
                scroll_percent?: number;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /** @description 1 at creation; every change adds one */
            version: number;
        };
        Cancellation: {
            /** @description ISO 4217 code; amounts may have at most its decimals (JPY 0, EUR 2, KWD 3) */
            currency: string;
            /** @description Unique per site; an identical replay answers 200, a changed one 409 */
            idempotency_key: string;
            /**
             * Format: date-time
             * @description Source timestamp; each later entry of an order must be later
             */
            occurred_at: string;
            order_id: string;
            /** @enum {unknown} */
            reason: "customer_request" | "fraud" | "payment_failed" | "other";
            /** @enum {number} */
            schema_version: 1;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            website_id: string;
        };
        /** @description The order is cancelled: its net amounts go to zero */
        CancellationConversion: {
            cancellation: components["schemas"]["Cancellation"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event_type: "cancellation";
        };
        ClickBody: {
            campaign?: string;
            /** @description Your id of the click; a replay with other content is 409 */
            click_id: string;
            consent?: components["schemas"]["SentConsent"];
            content_id?: string;
            creative?: string;
            /** @description The decorated network link; its host must be on the provider’s allowlist */
            destination_url: string;
            /** Format: date-time */
            occurred_at: string;
            placement?: string;
            /** @enum {unknown} */
            provider: "awin" | "cj";
            /** @description The clickref (Awin) or sid (CJ) put on the link; stored only hashed and encrypted */
            reference: string;
            /** @description Beacon form only (text/plain body, no credential header) */
            runtime_token?: string;
            session_id?: string;
        };
        /**
         * @description A visitor’s consent decision, as the page had it in force
         * @example {
         *       "session_id": "sess-5c1d7e",
         *       "device_id": "dev-9a2b4c",
         *       "choices": {
         *         "analytics": true,
         *         "marketing": false
         *       },
         *       "source": "banner",
         *       "policy_version": "2026-11"
         *     }
         */
        ConsentBody: {
            /** @description The decision: each category granted (true) or denied (false) */
            choices: {
                /** @description Analytics storage: the device id, the persistent session, the user id, campaign frequency counts */
                analytics: boolean;
                /** @description Marketing storage: affiliate touches and their cookie, publisher click references, personalized recommendations */
                marketing: boolean;
            };
            /** @description The visitor’s device id, when the SDK keeps one */
            device_id?: string;
            /** @description The version of the consent policy the visitor was shown (1–64 characters, no control characters) */
            policy_version?: string;
            /** @description Beacon form only (text/plain body, no credential header) */
            runtime_token?: string;
            /** @description The visitor’s session id (the one the events carry) */
            session_id: string;
            /**
             * @description Where the decision came from: `default` (the site’s policy, nothing decided yet), `banner` (the visitor, on a banner or CMP), `gpc` (the browser’s Global Privacy Control), `api` (the merchant’s code)
             * @enum {unknown}
             */
            source: "default" | "banner" | "gpc" | "api";
        };
        /** @description What browsers of the site may store, and what the server keeps of visitors who did not consent */
        ConsentPolicy: {
            /** @description Under opt_out, the browser’s Global Privacy Control signal is an objection to marketing */
            honor_gpc: boolean;
            /**
             * @description none: no consent asked (both categories granted); opt_out: granted until the visitor objects; opt_in: denied until the visitor grants; cookieless: always denied
             * @enum {unknown}
             */
            mode: "none" | "opt_in" | "opt_out" | "cookieless";
            /** @description The version of the site’s privacy policy the banner shows */
            policy_version?: string;
        };
        /** @description A consent decision as the server recorded it */
        ConsentRecord: {
            choices: {
                analytics: boolean;
                marketing: boolean;
            };
            /**
             * @description Consent record id (`cns_…`)
             * @example cns_7Hn2Qw9ZrT4bKx1VmP3s
             */
            consent_id: string;
            /** @description The device id sent with the decision; null when none was sent, or once erased */
            device_id: string | null;
            /** @description The origin of the page the decision was made on (its runtime token’s) */
            origin: string;
            /** @description null when none was sent */
            policy_version: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            recorded_at: string;
            /** @description The session id sent with the decision (null once the visitor’s data is erased) */
            session_id: string | null;
            /** @enum {unknown} */
            source: "default" | "banner" | "gpc" | "api";
        };
        /** @description event_type and exactly one matching object: purchase → conversion, adjustment → adjustment, cancellation → cancellation */
        ConversionBody: components["schemas"]["PurchaseConversion"] | components["schemas"]["AdjustmentConversion"] | components["schemas"]["CancellationConversion"];
        CreateSiteBody: {
            name: string;
            /** @description Allowed browser origins, e.g. https://shop.example */
            origins: string[];
            publisher_mode?: boolean;
        };
        Delivery: {
            attempts: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            delivery_id: string;
            last_error: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            /** @description The first 1,024 bytes of the last answer */
            response_body: string | null;
            status: "pending" | "succeeded" | "failed";
            type: string;
            webhook_id: string;
            workflow_id: string;
        };
        /** @description Error envelope (CONTRACT §0) */
        Error: {
            error: components["schemas"]["ErrorBody"];
            meta: components["schemas"]["Meta"];
            /** @enum {boolean} */
            success: false;
        };
        ErrorBody: {
            code: components["schemas"]["ErrorCode"];
            details?: components["schemas"]["ErrorDetail"][];
            /** @description For people; may change */
            message: string;
        };
        /**
         * @description A code of the one error catalogue; each has one HTTP status
         * @enum {unknown}
         */
        ErrorCode: "validation_failed" | "invalid_json" | "destination_not_allowed" | "unauthorized" | "forbidden" | "insufficient_scope" | "origin_mismatch" | "publisher_mode_inactive" | "consent_required" | "not_found" | "idempotency_conflict" | "media_in_use" | "touch_conflict" | "order_exists" | "invalid_state" | "conflict" | "payload_too_large" | "unsupported_media_type" | "reconciliation_failed" | "purchase_not_found" | "currency_mismatch" | "negative_revenue" | "stale_source_timestamp" | "conversion_cancelled" | "destination_not_allowlisted" | "invalid_sale_price" | "unknown_media" | "image_too_large" | "unknown_experiment" | "experiment_not_running" | "config_too_large" | "last_owner" | "too_many_workflows" | "limit_reached" | "rate_limited" | "internal_error" | "unavailable";
        /** @description One problem of a refused request, at its place */
        ErrorDetail: {
            /** @description What is wrong at the path (a JSON Schema keyword or a rule name) */
            code: string;
            message: string;
            /** @description JSON Pointer into the request body (or into params/query) */
            path: string;
        };
        /** @description An event; at most 32 KiB */
        Event: {
            /** @description Stable id for retry deduplication */
            client_event_id?: string;
            context: {
                browser?: string;
                consent?: components["schemas"]["SentConsent"];
                device_type?: string;
                language?: string;
                os?: string;
                page_title?: string;
                /** @description Absolute http(s) URL of the page; awc, cjevent, clickref and sid are removed before storage */
                page_url: string;
                referrer?: string;
                screen_height?: number;
                screen_width?: number;
                timezone?: string;
                user_agent: string;
            } & {
                [key: string]: unknown;
            };
            device_id?: string;
            /** @enum {unknown} */
            event_type: "page_view" | "product_view" | "add_to_cart" | "remove_from_cart" | "purchase" | "search" | "custom" | "chatbot_message" | "recommendation_impression" | "recommendation_click" | "overlay_impression" | "overlay_click" | "overlay_close" | "overlay_submit" | "quiz_start" | "quiz_answer" | "quiz_complete";
            /**
             * Format: date-time
             * @description ISO 8601 with offset; at most 5 minutes ahead; receipt time when omitted
             */
            occurred_at?: string;
            /** @description Event-specific fields. Required: product_view/add_to_cart/remove_from_cart product_id; purchase transaction_id or order_id and one of total_amount, total, revenue; search query; custom event_name; chatbot_message message; recommendation_impression recommendation_id, campaign_id (+ product_id for recommendation_click); overlay_* overlay_id, campaign_id; quiz_start/quiz_complete overlay_id, campaign_id, quiz_id (+ question_id for quiz_answer). Fields named trust, trust_class or trusted are dropped. */
            properties?: {
                [key: string]: unknown;
            };
            session_id: string;
            user_id?: string;
        };
        EventBatch: {
            /** @description Beacon form only (text/plain body, no credential header): a runtime token. Secret keys are refused. */
            api_key?: string;
            events: components["schemas"]["Event"][];
        };
        Experiment: {
            alpha: number;
            conversion_window_days: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            currency: string | null;
            experiment_id: string;
            hypothesis: string | null;
            mde: number;
            name: string;
            refund_window_days: number;
            started_at: string | null;
            /** @enum {unknown} */
            state: "draft" | "running" | "stopped";
            stopped_at: string | null;
            surfaces: {
                campaign_id: string;
                /** @enum {unknown} */
                type: "overlay" | "recommendation" | "chatbot";
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            website_id: string;
            /** @description Share of sessions per variant; they sum to 1 */
            weights: {
                control: number;
                treatment: number;
            };
        };
        Integration: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            credentials: {
                account_id: string;
                /** @description The last 4 characters of the token: the only part ever shown */
                api_token_last4: string;
                website_id: string | null;
            };
            currency: string | null;
            every_minutes: number;
            integration_id: string;
            /** @description The network: awin (Publisher API transaction list) or cj (Commission Detail GraphQL) */
            kind: "awin" | "cj";
            lookback_days: number;
            /** @description When the next scheduled run is queued (null while paused) */
            next_run_at: string | null;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
            /** @description paused: no scheduled runs (a run can still be asked for) */
            status: "active" | "paused";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            version: number;
            /** @description The end of the window of the last run that succeeded */
            watermark: string | null;
        };
        IntegrationRun: {
            /** @description Calls made to the network */
            calls: number;
            created: number;
            /** @description Why a failed run failed (never the token) */
            error?: {
                code: string;
                message: string;
            };
            /** @description Records the import refused alone */
            errors: number;
            finished_at: string | null;
            integration_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            queued_at: string;
            /** @description Records the network answered */
            records: number;
            run_id: string;
            started_at: string | null;
            started_by: "schedule" | "manual";
            status: "queued" | "running" | "succeeded" | "failed";
            unchanged: number;
            updated: number;
            /** @description What the run read: from inclusive, to exclusive (null until planned) */
            window: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                from: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                to: string;
            } | null;
        };
        /** @description A media item */
        MediaItem: {
            bytes: number;
            /**
             * @description Sniffed from the bytes (never the client’s file name or Content-Type)
             * @enum {unknown}
             */
            content_type: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            height: number;
            /**
             * @description Media id (`med_…`)
             * @example med_8Yb2Qc4TnW1xRk7LpZ3m
             */
            media_id: string;
            /** @description SHA-256 of the bytes, lowercase hex: the same bytes on the same site are one item */
            sha256: string;
            /**
             * Format: uri
             * @description The public URL of the bytes: on PUBLIC_BASE_URL, or the request’s own origin
             */
            url: string;
            /** @description Pixels, as shown (a JPEG’s EXIF orientation applied) */
            width: number;
        };
        Member: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /** @enum {unknown} */
            role: "owner" | "member";
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
            user: string;
        };
        /** @description What every answer carries besides its data or error */
        Meta: {
            /** @description The request id, also in the X-Request-Id header */
            request_id: string;
            /**
             * Format: date-time
             * @description When the answer was made (ISO 8601 UTC)
             */
            timestamp: string;
        };
        PageMeta: {
            /** @description Cursor of the next page; null on the last page */
            next_cursor: string | null;
            /** @description The request id, also in the X-Request-Id header */
            request_id: string;
            /**
             * Format: date-time
             * @description When the answer was made (ISO 8601 UTC)
             */
            timestamp: string;
        };
        /** @description A product (one sellable SKU) */
        Product: {
            attributes: {
                [key: string]: string;
            };
            /** @enum {unknown} */
            availability: "in_stock" | "out_of_stock" | "preorder" | "backorder";
            brand: string | null;
            /** @description Normal forms: levels joined by " > " */
            categories: string[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            description: string | null;
            group_id: string | null;
            image_media_id: string | null;
            image_url: string | null;
            price: {
                /** @description With the currency’s decimals */
                amount: number;
                currency: string;
            };
            product_id: string;
            sale_price: {
                /** @description With the currency’s decimals */
                amount: number;
                currency: string;
            } | null;
            /**
             * Format: date-time
             * @description When the current version was stored
             */
            stored_at: string;
            title: string;
            /**
             * Format: date-time
             * @description The product’s version: the updated_at sent, or the time of receipt of a write without one
             */
            updated_at: string;
            url: string;
        };
        Purchase: {
            /** @description Σ line.commissionable_amount */
            commissionable_subtotal: number;
            /** @description ISO 4217 code; amounts may have at most its decimals (JPY 0, EUR 2, KWD 3) */
            currency: string;
            /** @description Σ line.discount; default 0 */
            discount?: number;
            experiment_assignment_ids?: string[];
            /** @description Unique per site; an identical replay answers 200, a changed one 409 */
            idempotency_key: string;
            lines: {
                /** @description At most subtotal − discount */
                commissionable_amount: number;
                /** @description Default 0 */
                discount?: number;
                /** @description Per unit; required on every line when margin.basis is exact */
                item_cost?: number;
                line_id: string;
                /** @description May be fractional (up to 6 decimals) */
                quantity: number;
                sku?: string;
                /** @description quantity × unit_price, rounded half up to the minor unit */
                subtotal: number;
                unit_price: number;
            }[];
            margin?: {
                /** @description With basis exact: (Σ line.subtotal − discount) − Σ quantity × item_cost */
                amount: number;
                /** @description `exact` requires item_cost on every line and is reconciled */
                basis: string;
                /** @description e.g. order_costs */
                source?: string;
            };
            /**
             * Format: date-time
             * @description Source timestamp; each later entry of an order must be later
             */
            occurred_at: string;
            order_id: string;
            /** @description Σ line.subtotal − discount + tax + shipping */
            revenue: number;
            /** @enum {number} */
            schema_version: 1;
            /** @description Default 0 */
            shipping?: number;
            /** @description Default 0 */
            tax?: number;
            touch_ids?: string[];
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            website_id: string;
        };
        /** @description A purchase: the order as placed, with its lines */
        PurchaseConversion: {
            conversion: components["schemas"]["Purchase"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event_type: "purchase";
        };
        ReportsBody: {
            /** @description The publisher currency (ISO 4217; an unknown code is 400): of CJ …PubCurrency amounts, and of records that carry none */
            currency?: string;
            /**
             * @description canonical (default), or the network’s own export: awin (transaction list), cj (Commission Detail GraphQL); see docs/publisher-report-formats.md
             * @enum {unknown}
             */
            format?: "canonical" | "awin" | "cj";
            /** @enum {unknown} */
            provider: "awin" | "cj";
            /** @description The records (at most 5000), or the network’s whole response document (CJ: { data: { publisherCommissions: { records } } }) */
            records: unknown[] | {
                [key: string]: unknown;
            };
            /** @description IANA zone of network times without an offset (Awin’s aliases such as US/Eastern included); default UTC */
            timezone?: string;
        };
        /** @description The consent the page had in force (the server applies the site’s policy to it) */
        SentConsent: {
            /** @description Device id, persistent session, user id */
            analytics: boolean;
            /** @description Affiliate touches, publisher click references, personalized recommendations */
            marketing: boolean;
            /** @description The policy version the decision was made under */
            policy_version?: string;
            /**
             * @description default: nobody decided; banner: the visitor; gpc: the Global Privacy Control signal; api: the merchant’s own banner or CMP
             * @enum {unknown}
             */
            source: "default" | "banner" | "gpc" | "api";
        };
        Site: {
            config: components["schemas"]["SiteConfig"];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            name: string;
            origins: string[];
            publisher_mode: boolean;
            /** @enum {unknown} */
            role?: "owner" | "member";
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
        };
        SiteConfig: {
            consent: components["schemas"]["ConsentPolicy"];
            max_touches_per_request: number;
            /** @description Link hosts per network that publisher mode may decorate */
            publisher_hosts: {
                awin: string[];
                cj: string[];
            };
            /** @description Events per clock hour browsers may send for the site */
            runtime_events_per_hour: number;
            /** @description Runtime-token traffic (events, touches, clicks, assignments) one client address may send for the site per clock hour */
            runtime_rate_limit_per_ip_per_hour: number;
        };
        StoredEvent: {
            client_event_id?: string;
            /** @description As sent, with click ids removed from URLs */
            context: {
                [key: string]: unknown;
            };
            /** @enum {unknown} */
            dedup_key_source: "client_event_id" | "derived";
            device_id?: string;
            event_id: string;
            event_type: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurred_at: string;
            /** @description As sent, without trust fields */
            properties: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            received_at: string;
            session_id: string;
            site_id: string;
            /** @enum {unknown} */
            trust_class: "browser" | "server";
            user_id?: string;
        };
        /** @description A submission of a campaign’s form */
        Submission: {
            campaign_id: string;
            /** @description null when the form showed no consent text or nothing was answered */
            consent: {
                granted: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                recorded_at: string;
                /** @description sha256 (lowercase hex) of the consent text the form showed */
                text_sha256: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /** @description The fields as submitted (text trimmed), in the form’s order */
            fields: {
                [key: string]: string | boolean;
            };
            form_id: string;
            session_id: string;
            /**
             * @description Submission id (`sub_…`)
             * @example sub_3Kq8Zt1VbN7xRm2LpW9c
             */
            submission_id: string;
        };
        /** @description A submission of a campaign’s form */
        SubmitBody: {
            /**
             * @description Campaign id (`cmp_…`)
             * @example cmp_7Hn2Qw9ZrT4bKx1VmP3s
             */
            campaign_id: string;
            /** @description The browser’s idempotency key (e.g. a UUID): the same one on the site answers with the first submission_id */
            client_submission_id: string;
            /** @description The answer to the form’s consent text (only on a form that shows one) */
            consent?: {
                granted: boolean;
            };
            /**
             * @description The form's fields by name (at most 30 keys). `website` is the honeypot: leave it out or empty.
             * @example {
             *       "email": "jane@example.com",
             *       "website": ""
             *     }
             */
            fields: {
                [key: string]: string | boolean | null;
            };
            /** @description The id of the campaign’s form (its content.form.form_id) */
            form_id: string;
            session_id: string;
        };
        TouchesBody: {
            consent?: components["schemas"]["SentConsent"];
            /** @description Beacon form only (text/plain body, no credential header) */
            runtime_token?: string;
            touches: {
                /** @enum {string} */
                direction: "inbound";
                /** @description A path: no scheme, host, query or fragment */
                landing_path?: string;
                /** Format: date-time */
                occurred_at: string;
                partner_id?: string;
                /** @enum {unknown} */
                provenance: "browser_sdk" | "native_sdk" | "custom_runtime";
                /** @enum {unknown} */
                provider: "awin" | "cj";
                /** @description The raw click id (awin: URL parameter awc, ^\d+_\d+_[A-Za-z0-9]+$; cj: cjevent, ^[A-Za-z0-9_-]{1,128}$). Encrypted before storage, never returned. */
                provider_click_id: string;
                /** @enum {number} */
                schema_version: 1;
                session_id?: string;
                /** @description Your id of the touch; reused with different content it is a conflict */
                touch_id: string;
            }[];
        };
        UpdateSiteBody: {
            config?: {
                /** @description Only the fields sent change */
                consent?: {
                    honor_gpc?: boolean;
                    /**
                     * @description none: no consent asked (both categories granted); opt_out: granted until the visitor objects; opt_in: denied until the visitor grants; cookieless: always denied
                     * @enum {unknown}
                     */
                    mode?: "none" | "opt_in" | "opt_out" | "cookieless";
                    policy_version?: string | null;
                };
                max_touches_per_request?: number;
                publisher_hosts?: {
                    awin?: string[];
                    cj?: string[];
                };
                /** @description Events per clock hour browsers may send for the site */
                runtime_events_per_hour?: number;
                /** @description Runtime-token traffic (events, touches, clicks, assignments) one client address may send for the site per clock hour */
                runtime_rate_limit_per_ip_per_hour?: number;
            };
            name?: string;
            /** @description Allowed browser origins, e.g. https://shop.example */
            origins?: string[];
            publisher_mode?: boolean;
        };
        Workflow: {
            action: {
                /** @enum {string} */
                type: "webhook";
                url: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            name: string;
            /**
             * @description Public site id (`site_…`)
             * @example site_4Tq9Zr2LmXc8VbN1wKp3
             */
            site_id: string;
            status: "active" | "paused";
            trigger: {
                conditions: {
                    op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "exists";
                    /** @description A JSON Pointer into the webhook’s data, such as /properties/total */
                    path: string;
                    /** @description What to compare with: an array for in; none for exists */
                    value?: unknown;
                }[];
                event_types: string[] | null;
                on: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            version: number;
            workflow_id: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The entity tag of what was sent; send it back in If-None-Match for a 304. */
        ETag: string;
        /** @description The quota of the current window. */
        "RateLimit-Limit": string;
        /** @description What is left of the quota in the current window. */
        "RateLimit-Remaining": string;
        /** @description Seconds until the window ends and the quota is whole again. */
        "RateLimit-Reset": string;
        /** @description Seconds to wait before trying again. */
        "Retry-After": string;
        /** @description The request id: the X-Request-Id sent (1–128 of [A-Za-z0-9._-]) or a new UUID; also `meta.request_id`. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listJobs: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
                status?: "waiting" | "running" | "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every queue with unfinished or failed jobs, and a page of the jobs, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            jobs: {
                                attempts: number;
                                job_id: string;
                                last_error: string | null;
                                queue: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                run_at: string;
                                status: "waiting" | "running" | "succeeded" | "failed";
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                updated_at: string;
                            }[];
                            queues: {
                                failed: number;
                                name: string;
                                running: number;
                                waiting: number;
                            }[];
                        };
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempts: number;
                            job_id: string;
                            last_error: string | null;
                            queue: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            run_at: string;
                            status: "waiting" | "running" | "succeeded" | "failed";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updated_at: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runDueJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            claimed: number;
                            failed: number;
                            retried: number;
                            succeeded: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAllSites: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active_keys: number;
                            /** @description When an owner archived the site; null while it is live */
                            archived_at: string | null;
                            config: components["schemas"]["SiteConfig"];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            created_at: string;
                            members: number;
                            name: string;
                            origins: string[];
                            publisher_mode: boolean;
                            /** @enum {unknown} */
                            role?: "owner" | "member";
                            /**
                             * @description Public site id (`site_…`)
                             * @example site_4Tq9Zr2LmXc8VbN1wKp3
                             */
                            site_id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updated_at: string;
                        }[];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublisherAnalytics: {
        parameters: {
            query: {
                currency?: string;
                /** @description ISO date or timestamp, inclusive; default 30 days before `to` */
                from?: string;
                /** @description ISO date or timestamp, exclusive; default now */
                to?: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                website_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Observed clicks in the period (by occurred_at) */
                            clicks: number;
                            commission: {
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                approved: number | {
                                    [key: string]: number;
                                };
                                /** @description Bonus commission (Awin type Bonus, CJ action type bonus), pending or approved */
                                bonus: number | {
                                    [key: string]: number;
                                };
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                declined: number | {
                                    [key: string]: number;
                                };
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                pending: number | {
                                    [key: string]: number;
                                };
                            };
                            /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                            commissionable_revenue: number | {
                                [key: string]: number;
                            };
                            currency?: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            from: string;
                            reference_correlation: {
                                matched: number;
                                observed_without_order: number;
                                provider_references: number;
                                unmatched_provider: number;
                                /** @description unmatched_provider / provider_references (0 when none) */
                                variance: number;
                            };
                            /** @description Commission taken back: records once pending or approved now declined or amended down, and each downward CJ correction */
                            reversals: {
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                amount: number | {
                                    [key: string]: number;
                                };
                                count: number;
                            };
                            /** @description Orders with status approved (by transaction_at); a CJ correction is never an order of its own, a bonus never an order */
                            settled_orders: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            to: string;
                            top_content: {
                                clicks: number;
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                commission: number | {
                                    [key: string]: number;
                                };
                                content_id: string;
                            }[];
                            top_content_by_commission: {
                                clicks: number;
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                commission: number | {
                                    [key: string]: number;
                                };
                                content_id: string;
                            }[];
                            top_destinations: {
                                clicks: number;
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                commission: number | {
                                    [key: string]: number;
                                };
                                destination: string;
                            }[];
                            top_destinations_by_commission: {
                                clicks: number;
                                /** @description Per currency ({ "EUR": 12.5 }), or a number when `currency` is given */
                                commission: number | {
                                    [key: string]: number;
                                };
                                destination: string;
                            }[];
                            /**
                             * @description Public site id (`site_…`)
                             * @example site_4Tq9Zr2LmXc8VbN1wKp3
                             */
                            website_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A visitor’s consent decision, as the page had it in force */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "session_id": "sess-5c1d7e",
                 *       "device_id": "dev-9a2b4c",
                 *       "choices": {
                 *         "analytics": true,
                 *         "marketing": false
                 *       },
                 *       "source": "banner",
                 *       "policy_version": "2026-11"
                 *     }
                 */
                "application/json": components["schemas"]["ConsentBody"];
                "text/plain": string;
            };
        };
        responses: {
            /** @description Recorded */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description Consent record id (`cns_…`)
                             * @example cns_7Hn2Qw9ZrT4bKx1VmP3s
                             */
                            consent_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            issuer?: string;
                            key_id?: string;
                            /** @enum {unknown} */
                            kind: "runtime_token" | "api_key" | "merchant_id_token" | "platform_signature";
                            origin?: string;
                            rate_limit_per_hour?: number;
                            scopes?: string[];
                            site_id?: string;
                            /** @enum {unknown} */
                            trust_class?: "browser" | "server";
                            user?: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StoredEvent"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trackEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventBatch"];
                "text/plain": string;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Items stored now */
                            accepted: number;
                            /** @description Items that were duplicates of stored events */
                            deduplicated: number;
                            /** @description Items refused; see their error */
                            failed: number;
                            results: {
                                deduplicated?: boolean;
                                error?: {
                                    code: string;
                                    details?: {
                                        code: string;
                                        message: string;
                                        path: string;
                                    }[];
                                    message: string;
                                };
                                event_id?: string;
                                index: number;
                                success: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                timestamp?: string;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            207: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Items stored now */
                            accepted: number;
                            /** @description Items that were duplicates of stored events */
                            deduplicated: number;
                            /** @description Items refused; see their error */
                            failed: number;
                            results: {
                                deduplicated?: boolean;
                                error?: {
                                    code: string;
                                    details?: {
                                        code: string;
                                        message: string;
                                        path: string;
                                    }[];
                                    message: string;
                                };
                                event_id?: string;
                                index: number;
                                success: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                timestamp?: string;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trackEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description An event; at most 32 KiB */
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deduplicated: boolean;
                            event_id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            timestamp: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deduplicated: boolean;
                            event_id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            timestamp: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkLivenessV1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "ok";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordConversion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description event_type and exactly one matching object: purchase → conversion, adjustment → adjustment, cancellation → cancellation */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversionBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            authoritative?: true;
                            conversion_id: string;
                            /** @enum {boolean} */
                            deduplicated?: true;
                            entry_id: string;
                            /** @description In the currency, with its decimals */
                            net_commissionable?: number;
                            net_margin?: number | null;
                            /** @description In the currency, with its decimals */
                            net_revenue?: number;
                            /** @enum {unknown} */
                            state?: "open" | "cancelled";
                            unresolved_assignment_ids?: string[];
                            /** @description Named touches not (yet) recorded; they resolve when they arrive */
                            unresolved_touch_ids?: string[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            authoritative?: true;
                            conversion_id: string;
                            /** @enum {boolean} */
                            deduplicated?: true;
                            entry_id: string;
                            /** @description In the currency, with its decimals */
                            net_commissionable?: number;
                            net_margin?: number | null;
                            /** @description In the currency, with its decimals */
                            net_revenue?: number;
                            /** @enum {unknown} */
                            state?: "open" | "cancelled";
                            unresolved_assignment_ids?: string[];
                            /** @description Named touches not (yet) recorded; they resolve when they arrive */
                            unresolved_touch_ids?: string[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConversion: {
        parameters: {
            query: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                website_id: string;
            };
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assignment_ids: string[];
                            conversion_id: string;
                            currency: string;
                            entries: {
                                /** @description In the currency, with its decimals */
                                commissionable_delta: number;
                                entry_id: string;
                                margin_delta: number | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                occurred_at: string;
                                reason?: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                received_at: string;
                                /** @description In the currency, with its decimals */
                                revenue_delta: number;
                                /** @enum {unknown} */
                                type: "purchase" | "adjustment" | "cancellation";
                            }[];
                            /** @description In the currency, with its decimals */
                            net_commissionable: number;
                            net_margin: number | null;
                            /** @description In the currency, with its decimals */
                            net_revenue: number;
                            order_id: string;
                            /** @enum {unknown} */
                            state: "open" | "cancelled";
                            touch_ids: string[];
                            unresolved_assignment_ids: string[];
                            unresolved_touch_ids: string[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordTouches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TouchesBody"];
                "text/plain": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            results: {
                                /** @enum {unknown} */
                                status: "created" | "unchanged";
                                touch_id: string;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            results: {
                                /** @enum {unknown} */
                                status: "created" | "unchanged";
                                touch_id: string;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExperiments: {
        parameters: {
            query: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                website_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default 0.05 */
                    alpha?: number;
                    /** @description Default 7 */
                    conversion_window_days?: number;
                    /** @description Currency of the money metrics; by default that of the first linked purchase */
                    currency?: string;
                    hypothesis?: string;
                    /** @description Relative minimum detectable effect; default 0.05 */
                    mde?: number;
                    name: string;
                    /** @description Default 30 */
                    refund_window_days?: number;
                    surfaces: {
                        campaign_id: string;
                        /** @enum {unknown} */
                        type: "overlay" | "recommendation" | "chatbot";
                    }[];
                    /**
                     * @description Public site id (`site_…`)
                     * @example site_4Tq9Zr2LmXc8VbN1wKp3
                     */
                    website_id: string;
                    /** @description Share of sessions per variant; they sum to 1 */
                    weights?: {
                        control: number;
                        treatment: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                experimentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                experimentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default 0.05 */
                    alpha?: number;
                    /** @description Default 7 */
                    conversion_window_days?: number;
                    /** @description Currency of the money metrics; by default that of the first linked purchase */
                    currency?: string;
                    hypothesis?: string;
                    /** @description Relative minimum detectable effect; default 0.05 */
                    mde?: number;
                    name?: string;
                    /** @description Default 30 */
                    refund_window_days?: number;
                    surfaces?: {
                        campaign_id: string;
                        /** @enum {unknown} */
                        type: "overlay" | "recommendation" | "chatbot";
                    }[];
                    /** @description Share of sessions per variant; they sum to 1 */
                    weights?: {
                        control: number;
                        treatment: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExperimentResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                experimentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            computed_at: string;
                            currency: string | null;
                            experiment_id: string;
                            metrics: {
                                conversion: {
                                    control: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                    effect: {
                                        absolute: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                        relative: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                    };
                                    treatment: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                };
                                gross_profit_per_session: {
                                    control: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                    effect: {
                                        absolute: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                        relative: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                    };
                                    treatment: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                };
                                partner_contribution_per_session: {
                                    control: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                    effect: {
                                        absolute: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                        relative: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                    };
                                    treatment: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                };
                                revenue_per_session: {
                                    control: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                    effect: {
                                        absolute: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                        relative: {
                                            ci: (number | null)[];
                                            effect: number | null;
                                            p_value: number | null;
                                            stddev: number | null;
                                        };
                                    };
                                    treatment: {
                                        mean: number | null;
                                        n: number;
                                        sum: number;
                                        sum_squares: number;
                                    };
                                };
                            };
                            sessions: {
                                control: number;
                                treatment: number;
                            };
                            state: string;
                            states: {
                                late_conversion: {
                                    conversion_window_days: number;
                                    /** @description Linked purchases after assignment + window, left out of the metrics */
                                    count: number;
                                    /** @description Linked purchases in another currency than the experiment’s, left out */
                                    other_currency: number;
                                    /** @description Linked purchases that occurred before their session was assigned, left out */
                                    pre_assignment: number;
                                    revenue: number;
                                    /** @enum {unknown} */
                                    status: "window_open" | "window_complete";
                                    /** @description The experiment stopped and its last conversion window closed */
                                    window_complete: boolean;
                                };
                                power: {
                                    alpha: number;
                                    mde: number;
                                    metrics: {
                                        conversion: {
                                            power: number | null;
                                            sessions_per_arm: number;
                                            sessions_per_arm_needed: number | null;
                                            /** @enum {unknown} */
                                            status: "powered" | "underpowered";
                                        };
                                        gross_profit_per_session: {
                                            power: number | null;
                                            sessions_per_arm: number;
                                            sessions_per_arm_needed: number | null;
                                            /** @enum {unknown} */
                                            status: "powered" | "underpowered";
                                        };
                                        partner_contribution_per_session: {
                                            power: number | null;
                                            sessions_per_arm: number;
                                            sessions_per_arm_needed: number | null;
                                            /** @enum {unknown} */
                                            status: "powered" | "underpowered";
                                        };
                                        revenue_per_session: {
                                            power: number | null;
                                            sessions_per_arm: number;
                                            sessions_per_arm_needed: number | null;
                                            /** @enum {unknown} */
                                            status: "powered" | "underpowered";
                                        };
                                    };
                                    primary_metric: string;
                                    /**
                                     * @description Of the primary metric (conversion)
                                     * @enum {unknown}
                                     */
                                    status: "powered" | "underpowered";
                                    target_power: number;
                                };
                                refund: {
                                    control: {
                                        amount: number;
                                        count: number;
                                    };
                                    final_after: string | null;
                                    refund_window_days: number;
                                    /** @enum {unknown} */
                                    status: "provisional" | "final";
                                    treatment: {
                                        amount: number;
                                        count: number;
                                    };
                                };
                                sample_ratio: {
                                    expected: {
                                        control: number;
                                        treatment: number;
                                    };
                                    observed: {
                                        control: number;
                                        treatment: number;
                                    };
                                    p_value: number;
                                    /**
                                     * @description mismatch when p < 0.001; insufficient_data below 8 sessions in an arm
                                     * @enum {unknown}
                                     */
                                    status: "ok" | "mismatch" | "insufficient_data";
                                    threshold: number;
                                };
                            };
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                experimentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stopExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                experimentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Experiment"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    experiment_ids?: string[];
                    session_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assignments: {
                                /** @description Name it in experiment_assignment_ids of the purchase */
                                assignment_id: string;
                                experiment_id: string;
                                surfaces: {
                                    campaign_id: string;
                                    /**
                                     * @description Which form of this campaign to load
                                     * @enum {unknown}
                                     */
                                    form: "control" | "treatment";
                                    /** @enum {unknown} */
                                    type: "overlay" | "recommendation" | "chatbot";
                                }[];
                                /** @enum {unknown} */
                                variant: "control" | "treatment";
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMediaBytes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Media id (`med_…`)
                 * @example med_8Yb2Qc4TnW1xRk7LpZ3m
                 */
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exact bytes uploaded, with the sniffed Content-Type, ETag "<sha256>" and immutable caching */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this item’s ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordClick: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClickBody"];
                "text/plain": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            click_id: string;
                            /** @enum {unknown} */
                            status: "created" | "unchanged";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            click_id: string;
                            /** @enum {unknown} */
                            status: "created" | "unchanged";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportsBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created: number;
                            failed: number;
                            results: {
                                error?: {
                                    code: string;
                                    details?: components["schemas"]["ErrorDetail"][];
                                    message: string;
                                };
                                index: number;
                                /** @enum {unknown} */
                                status: "created" | "updated" | "unchanged" | "error";
                                /** @description Imported, but worth knowing: e.g. no_reference (it can never match a click) */
                                warnings?: {
                                    code: string;
                                    message: string;
                                    path: string;
                                }[];
                            }[];
                            unchanged: number;
                            updated: number;
                            /** @description Records imported with warnings */
                            warnings: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created: number;
                            failed: number;
                            results: {
                                error?: {
                                    code: string;
                                    details?: components["schemas"]["ErrorDetail"][];
                                    message: string;
                                };
                                index: number;
                                /** @enum {unknown} */
                                status: "created" | "updated" | "unchanged" | "error";
                                /** @description Imported, but worth knowing: e.g. no_reference (it can never match a click) */
                                warnings?: {
                                    code: string;
                                    message: string;
                                    path: string;
                                }[];
                            }[];
                            unchanged: number;
                            updated: number;
                            /** @description Records imported with warnings */
                            warnings: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkReadinessV1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            engine: string;
                            migrations: number;
                            /** @enum {string} */
                            status: "ready";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecommendations: {
        parameters: {
            query: {
                /** @description A live recommendation campaign of the site (404 otherwise) */
                campaign_id: string;
                /** @description The categories the page has consent for (`analytics,marketing`, `marketing`, `analytics` or `none`); absent: the page sent nothing. A personalized campaign needs marketing under the site’s consent policy (else 403 consent_required) */
                consent?: string;
                /** @description Where `consent` came from (default: default); under opt_in only banner or api grants */
                consent_source?: "default" | "banner" | "gpc" | "api";
                /** @description Wins over the campaign’s content.limit */
                limit?: number;
                /** @description The product the slot is next to (required for similar); never recommended itself */
                product_id?: string;
                session_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Recommended products in order, stored under recommendation_id */
                        data: {
                            campaign_id: string;
                            items: {
                                image_url: string | null;
                                position: number;
                                price: {
                                    /** @description With the currency’s decimals */
                                    amount: number;
                                    currency: string;
                                };
                                product_id: string;
                                title: string;
                                url: string;
                            }[];
                            /** @description Name it in recommendation_impression and recommendation_click events */
                            recommendation_id: string;
                            /**
                             * @description What served the first item
                             * @enum {unknown}
                             */
                            strategy: "similar" | "frequently_bought_together" | "personalized" | "popular";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRuntimeConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What a browser of the site may see (at most 64 KiB) */
                        data: {
                            /** @description Live campaigns (active, in their dates, their experiment running), highest priority first */
                            campaigns: {
                                /** @description Campaign id (`cmp_…`) */
                                campaign_id: string;
                                /** @description Media as absolute image_url / avatar_url */
                                content: {
                                    [key: string]: unknown;
                                };
                                experiment_id: string | null;
                                /** @description Caps on how often one visitor sees it (counted in the browser) */
                                frequency: {
                                    max_per_day?: number;
                                    max_per_session?: number;
                                };
                                /** @enum {unknown} */
                                kind: "overlay" | "chatbot" | "recommendation";
                                /** @description Who sees it: paths (globs on the path; include empty = every path, exclude wins), devices, new visitors only */
                                targeting: {
                                    devices: string[];
                                    new_visitors_only: boolean;
                                    url_exclude: string[];
                                    url_include: string[];
                                };
                                /** @description When it shows (default: on page load) */
                                trigger: {
                                    /** @description Required with on: delay */
                                    delay_ms?: number;
                                    /** @enum {unknown} */
                                    on: "page_load" | "delay" | "scroll" | "exit_intent";
                                    /** @description Required with on: scroll */
                                    scroll_percent?: number;
                                };
                                version: number;
                            }[];
                            site: {
                                consent: components["schemas"]["ConsentPolicy"];
                                publisher_hosts: {
                                    awin: string[];
                                    cj: string[];
                                };
                                publisher_mode: boolean;
                                /**
                                 * @description Public site id (`site_…`)
                                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                                 */
                                site_id: string;
                            };
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Not modified: If-None-Match names the current ETag (no body) */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRuntimeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Public site id (`site_…`)
                     * @example site_4Tq9Zr2LmXc8VbN1wKp3
                     */
                    site_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The site’s public configuration */
                            config: {
                                consent: components["schemas"]["ConsentPolicy"];
                                max_touches_per_request: number;
                                publisher_hosts: {
                                    awin: string[];
                                    cj: string[];
                                };
                                publisher_mode: boolean;
                                /**
                                 * @description Public site id (`site_…`)
                                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                                 */
                                site_id: string;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expires_at: string;
                            /** @description Send as `Authorization: Bearer …` with the same Origin */
                            token: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSignInMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The dashboard’s public client id at the provider (no secret: PKCE) */
                            client_id: string;
                            /** @description The identity provider’s issuer (its discovery document is under /.well-known/openid-configuration) */
                            issuer: string;
                            /** @enum {string} */
                            method: "oidc";
                            /** @description The scope to ask for */
                            scope: string;
                        } | {
                            /** @enum {string} */
                            method: "local";
                        } | {
                            /** @enum {string} */
                            method: "none";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signInLocally: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user name: the `sub` of the ID token, as sites list their members */
                    user: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expires_at: string;
                            /** @description Send as `Authorization: Bearer …` to the merchant routes */
                            id_token: string;
                            user: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSites: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Site"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSiteBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Site"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Site"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            archived_at: string;
                            site_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSiteBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Site"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsCampaigns: {
        parameters: {
            query?: {
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`
                 * @example 2026-11-24
                 */
                to?: string;
                /**
                 * @description IANA time zone of the dates (default UTC); unknown: 400 at /tz
                 * @example Europe/Paris
                 */
                tz?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            campaigns: {
                                /** @description add_to_cart events of the clicking sessions after their first click of the campaign in the period */
                                add_to_carts: number;
                                campaign_id: string;
                                /** @description recommendation_click events tied to an answer of this campaign, and overlay_click events */
                                clicks: number;
                                /** @description clicks ÷ impressions (0 without impressions) */
                                ctr: number;
                                experiment: {
                                    /**
                                     * @description The arm the campaign shows to; control is the holdout
                                     * @enum {string}
                                     */
                                    arm: "treatment";
                                    experiment_id: string;
                                } | null;
                                /** @description recommendation_impression events tied to an answer of this campaign, and overlay_impression events */
                                impressions: number;
                                /** @description overlay, chatbot or recommendation */
                                kind: string;
                                name: string;
                                /** @description Server-trusted orders of those sessions after that click (each order once) */
                                orders: number;
                                /** @description Per currency ({ "EUR": 12.5 }) */
                                revenue: {
                                    [key: string]: number;
                                };
                                status: string;
                                /** @description Form submissions through the campaign (spam left out) */
                                submissions: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            from: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            to: string;
                            tz: string;
                            /** @description Recommendation events whose recommendation_id is no answer of their campaign on this site: accepted as events, counted here */
                            unattributed: {
                                clicks: number;
                                impressions: number;
                            };
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsFunnel: {
        parameters: {
            query: {
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description 2–8 distinct event types, comma-separated, in order
                 * @example page_view,product_view,add_to_cart,purchase
                 */
                steps: string;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`
                 * @example 2026-11-24
                 */
                to?: string;
                /**
                 * @description IANA time zone of the dates (default UTC); unknown: 400 at /tz
                 * @example Europe/Paris
                 */
                tz?: string;
                /** @description Every step within this many minutes of the first (1–10,080, default 60) */
                window_minutes?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sessions reaching each step, in the steps’ order */
                        data: {
                            sessions: number;
                            step: string;
                        }[];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: {
                /**
                 * @description An ISO 4217 code: amounts become plain numbers in it (other currencies left out)
                 * @example EUR
                 */
                currency?: string;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`
                 * @example 2026-11-24
                 */
                to?: string;
                /**
                 * @description IANA time zone of the dates (default UTC); unknown: 400 at /tz
                 * @example Europe/Paris
                 */
                tz?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            add_to_carts: number;
                            /** @description revenue ÷ conversions per currency, rounded to the minor unit (0 without conversions) */
                            average_order_value: {
                                [key: string]: number;
                            } | number;
                            /** @description purchase events of browser trust (observations, never conversions) */
                            browser_purchases: number;
                            /** @description conversions ÷ sessions (0 without sessions) */
                            conversion_rate: number;
                            /** @description Orders of the trusted ledger whose purchase occurred in the period, net of every later entry; cancelled orders left out */
                            conversions: {
                                /** @description Per currency ({ "EUR": 12.5 }); a plain number in `currency` when given */
                                commissionable: {
                                    [key: string]: number;
                                } | number;
                                count: number;
                                /** @description Per currency ({ "EUR": 12.5 }); a plain number in `currency` when given */
                                revenue: {
                                    [key: string]: number;
                                } | number;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            from: string;
                            page_views: number;
                            /** @description The previous period of equal length: [from − (to − from), from) */
                            previous: {
                                add_to_carts: number;
                                /** @description revenue ÷ conversions per currency, rounded to the minor unit (0 without conversions) */
                                average_order_value: {
                                    [key: string]: number;
                                } | number;
                                /** @description purchase events of browser trust (observations, never conversions) */
                                browser_purchases: number;
                                /** @description conversions ÷ sessions (0 without sessions) */
                                conversion_rate: number;
                                /** @description Orders of the trusted ledger whose purchase occurred in the period, net of every later entry; cancelled orders left out */
                                conversions: {
                                    /** @description Per currency ({ "EUR": 12.5 }); a plain number in `currency` when given */
                                    commissionable: {
                                        [key: string]: number;
                                    } | number;
                                    count: number;
                                    /** @description Per currency ({ "EUR": 12.5 }); a plain number in `currency` when given */
                                    revenue: {
                                        [key: string]: number;
                                    } | number;
                                };
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                from: string;
                                page_views: number;
                                product_views: number;
                                /** @description Distinct session_id */
                                sessions: number;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                to: string;
                                /** @description Distinct device_id (an event without one counts its session_id) */
                                visitors: number;
                            };
                            product_views: number;
                            /** @description Distinct session_id */
                            sessions: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            to: string;
                            tz: string;
                            /** @description Distinct device_id (an event without one counts its session_id) */
                            visitors: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsTimeseries: {
        parameters: {
            query: {
                /**
                 * @description An ISO 4217 code: amounts become plain numbers in it (other currencies left out)
                 * @example EUR
                 */
                currency?: string;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`
                 * @example 2026-11-01
                 */
                from?: string;
                /** @description Local calendar unit of a bucket (default day); hour covers at most 31 days */
                interval?: "hour" | "day" | "week";
                /** @description What each bucket counts: distinct visitors or sessions in the bucket, events of a type, trusted conversions or their net revenue (revenue needs `currency`) */
                metric: "visitors" | "sessions" | "page_views" | "product_views" | "add_to_carts" | "conversions" | "revenue";
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`
                 * @example 2026-11-24
                 */
                to?: string;
                /**
                 * @description IANA time zone of the dates (default UTC); unknown: 400 at /tz
                 * @example Europe/Paris
                 */
                tz?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One point a local bucket, zero-filled, in order */
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            bucket_start: string;
                            value: number;
                        }[];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsTop: {
        parameters: {
            query: {
                /** @description page (path of page views), product (product views), or by sessions’ first event: referrer_host, utm_source, utm_campaign, device_type */
                dimension: "page" | "product" | "referrer_host" | "utm_source" | "utm_campaign" | "device_type";
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`
                 * @example 2026-11-01
                 */
                from?: string;
                /** @description How many rows (1–100, default 10) */
                limit?: number;
                /**
                 * @description ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`
                 * @example 2026-11-24
                 */
                to?: string;
                /**
                 * @description IANA time zone of the dates (default UTC); unknown: 400 at /tz
                 * @example Europe/Paris
                 */
                tz?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description By count, then value */
                        data: {
                            count: number;
                            value: string;
                        }[];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    expires_at?: string;
                    name?: string;
                    rate_limit_per_hour?: number;
                    scopes: ("events:write" | "partner_attribution:convert" | "publisher_reports:write" | "catalog:write")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The secret (`sk_…`). Shown once: store it now. */
                            api_key: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            created_at: string;
                            expires_at: string | null;
                            /** @description API key id (`key_…`) */
                            key_id: string;
                            name: string | null;
                            /** @description First characters of the secret, to recognise it */
                            prefix: string;
                            /** @description Events per clock hour */
                            rate_limit_per_hour: number;
                            revoked_at: string | null;
                            scopes: ("events:write" | "partner_attribution:convert" | "publisher_reports:write" | "catalog:write")[];
                            /**
                             * @description Public site id (`site_…`)
                             * @example site_4Tq9Zr2LmXc8VbN1wKp3
                             */
                            site_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id (`key_…`) */
                keyId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                kind?: "overlay" | "chatbot" | "recommendation";
                /** @description Items per page (1–200) */
                limit?: number;
                status?: "draft" | "active" | "paused" | "archived";
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        /** @description A campaign */
        requestBody: {
            content: {
                "application/json": {
                    /** @description By kind: overlay, chatbot or recommendation content (see their schemas) */
                    content: {
                        [key: string]: unknown;
                    };
                    ends_at?: string | null;
                    experiment_id?: string | null;
                    /** @description Caps on how often one visitor sees it (counted in the browser) */
                    frequency?: {
                        max_per_day?: number;
                        max_per_session?: number;
                    };
                    /** @enum {unknown} */
                    kind: "overlay" | "chatbot" | "recommendation";
                    name: string;
                    /** @description Higher first (default 0) */
                    priority?: number;
                    starts_at?: string | null;
                    /**
                     * @description Default draft; active needs its experiment (if any) running
                     * @enum {unknown}
                     */
                    status?: "draft" | "active" | "paused";
                    /** @description Who sees it: paths (globs on the path; include empty = every path, exclude wins), devices, new visitors only */
                    targeting?: {
                        /** @description Empty or absent: every device */
                        devices?: ("desktop" | "mobile" | "tablet")[];
                        new_visitors_only?: boolean;
                        url_exclude?: string[];
                        url_include?: string[];
                    };
                    /** @description When it shows (default: on page load) */
                    trigger?: {
                        /** @description Required with on: delay */
                        delay_ms?: number;
                        /** @enum {unknown} */
                        on: "page_load" | "delay" | "scroll" | "exit_intent";
                        /** @description Required with on: scroll */
                        scroll_percent?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (`cmp_…`) */
                campaignId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (`cmp_…`) */
                campaignId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        /** @description The fields to change; content, targeting, trigger and frequency are replaced whole (null: the default) */
        requestBody: {
            content: {
                "application/json": {
                    /** @description By kind: overlay, chatbot or recommendation content (see their schemas) */
                    content?: {
                        [key: string]: unknown;
                    };
                    ends_at?: string | null;
                    experiment_id?: string | null;
                    frequency?: {
                        max_per_day?: number;
                        max_per_session?: number;
                    } | null;
                    /**
                     * @description Cannot change; when given it must be the campaign’s
                     * @enum {unknown}
                     */
                    kind?: "overlay" | "chatbot" | "recommendation";
                    name?: string;
                    /** @description Higher first (default 0) */
                    priority?: number;
                    starts_at?: string | null;
                    /**
                     * @description draft → active | archived; active ⇄ paused; any → archived (terminal)
                     * @enum {unknown}
                     */
                    status?: "draft" | "active" | "paused" | "archived";
                    targeting?: {
                        /** @description Empty or absent: every device */
                        devices?: ("desktop" | "mobile" | "tablet")[];
                        new_visitors_only?: boolean;
                        url_exclude?: string[];
                        url_include?: string[];
                    } | null;
                    trigger?: {
                        /** @description Required with on: delay */
                        delay_ms?: number;
                        /** @enum {unknown} */
                        on: "page_load" | "delay" | "scroll" | "exit_intent";
                        /** @description Required with on: scroll */
                        scroll_percent?: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConsents: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Only this device’s records */
                device_id?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConsentRecord"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    credentials: {
                        /** @description Awin: the publisher id; CJ: the publisher company id (CID) */
                        account_id: string;
                        /** @description Awin: the user’s API token; CJ: a personal access token. Stored encrypted, never shown again (api_token_last4 only) */
                        api_token: string;
                        /** @description Only that website’s records (Awin: its site name or host; CJ: its website id, PID); absent or null: every website */
                        website_id?: string | null;
                    };
                    currency?: string | null;
                    /** @description Minutes between scheduled runs (15–10080, default 60) */
                    every_minutes?: number;
                    /** @description The network: awin (Publisher API transaction list) or cj (Commission Detail GraphQL) */
                    kind: "awin" | "cj";
                    /** @description Days of the trailing window each run re-reads (1–90, default 30) */
                    lookback_days?: number;
                    /** @description paused: no scheduled runs (a run can still be asked for) */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    credentials?: {
                        /** @description Awin: the publisher id; CJ: the publisher company id (CID) */
                        account_id: string;
                        /** @description Awin: the user’s API token; CJ: a personal access token. Stored encrypted, never shown again (api_token_last4 only) */
                        api_token: string;
                        /** @description Only that website’s records (Awin: its site name or host; CJ: its website id, PID); absent or null: every website */
                        website_id?: string | null;
                    };
                    currency?: string | null;
                    /** @description Minutes between scheduled runs (15–10080, default 60) */
                    every_minutes?: number;
                    /** @description The network: awin (Publisher API transaction list) or cj (Commission Detail GraphQL) */
                    kind?: "awin" | "cj";
                    /** @description Days of the trailing window each run re-reads (1–90, default 30) */
                    lookback_days?: number;
                    /** @description paused: no scheduled runs (a run can still be asked for) */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IntegrationRun"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIntegrationRuns: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                integrationId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IntegrationRun"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaItem"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        /** @description Exactly one file part named `file`; other text fields are ignored. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG, PNG, WebP, GIF or AVIF, at most MEDIA_MAX_BYTES (10 MiB by default) and 50 megapixels. Its type is sniffed from the bytes.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaItem"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaItem"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Media id (`med_…`)
                 * @example med_8Yb2Qc4TnW1xRk7LpZ3m
                 */
                mediaId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaItem"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Media id (`med_…`)
                 * @example med_8Yb2Qc4TnW1xRk7LpZ3m
                 */
                mediaId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            /**
                             * @description Media id (`med_…`)
                             * @example med_8Yb2Qc4TnW1xRk7LpZ3m
                             */
                            media_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    role?: "owner" | "member";
                    /** @description User id: the `sub` claim of the member’s ID token */
                    user: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                availability?: "in_stock" | "out_of_stock" | "preorder" | "backorder";
                /** @description A category path: products in it or any path below it ("Shoes > Running" matches "Shoes > Running > Trail") */
                category?: string;
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
                /** @description A case-insensitive substring of the title or the brand */
                q?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path) */
                productId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path) */
                productId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        /** @description A product; fields left out are gone after the write. product_id, when given, must equal the path’s */
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 30 pairs: keys 1–100 characters, values 1–1000 */
                    attributes?: {
                        [key: string]: string;
                    } | null;
                    /** @enum {unknown} */
                    availability: "in_stock" | "out_of_stock" | "preorder" | "backorder";
                    brand?: string | null;
                    /** @description Paths of levels separated by ">" ("Shoes > Running"); whitespace around ">" and inside a level is collapsed, duplicates dropped */
                    categories?: string[] | null;
                    description?: string | null;
                    /** @description Variants of one item share it; same form as a product id */
                    group_id?: string | null;
                    /** @description A media item of the site (422 unknown_media otherwise); not with image_url */
                    image_media_id?: string | null;
                    /** @description Absolute http(s) URL of an image elsewhere; not with image_media_id */
                    image_url?: string | null;
                    /** @description An amount and its currency */
                    price: {
                        /** @description In the currency’s units, at most its decimals (JPY 0, EUR 2, KWD 3) */
                        amount: number;
                        /** @description ISO 4217 code in capitals */
                        currency: string;
                    };
                    /** @description 1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path) */
                    product_id?: string;
                    /** @description In the price’s currency and at most the price (422 invalid_sale_price otherwise) */
                    sale_price?: {
                        /** @description In the currency’s units, at most its decimals (JPY 0, EUR 2, KWD 3) */
                        amount: number;
                        /** @description ISO 4217 code in capitals */
                        currency: string;
                    } | null;
                    title: string;
                    /** @description ISO 8601 with offset, from 1970, at most 5 minutes ahead: the version of the product. An older version than the stored one changes nothing; without it the write is the newest */
                    updated_at?: string | null;
                    /** @description Absolute http(s) URL of the product page */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path) */
                productId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The product as it was when archived */
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            archived_at: string;
                            attributes: {
                                [key: string]: string;
                            };
                            /** @enum {unknown} */
                            availability: "in_stock" | "out_of_stock" | "preorder" | "backorder";
                            brand: string | null;
                            /** @description Normal forms: levels joined by " > " */
                            categories: string[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            created_at: string;
                            description: string | null;
                            group_id: string | null;
                            image_media_id: string | null;
                            image_url: string | null;
                            price: {
                                /** @description With the currency’s decimals */
                                amount: number;
                                currency: string;
                            };
                            product_id: string;
                            sale_price: {
                                /** @description With the currency’s decimals */
                                amount: number;
                                currency: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description When the current version was stored
                             */
                            stored_at: string;
                            title: string;
                            /**
                             * Format: date-time
                             * @description The product’s version: the updated_at sent, or the time of receipt of a write without one
                             */
                            updated_at: string;
                            url: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putProducts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        /** @description 1–500 products, at most 5 MiB */
        requestBody: {
            content: {
                "application/json": {
                    products: {
                        /** @description At most 30 pairs: keys 1–100 characters, values 1–1000 */
                        attributes?: {
                            [key: string]: string;
                        } | null;
                        /** @enum {unknown} */
                        availability: "in_stock" | "out_of_stock" | "preorder" | "backorder";
                        brand?: string | null;
                        /** @description Paths of levels separated by ">" ("Shoes > Running"); whitespace around ">" and inside a level is collapsed, duplicates dropped */
                        categories?: string[] | null;
                        description?: string | null;
                        /** @description Variants of one item share it; same form as a product id */
                        group_id?: string | null;
                        /** @description A media item of the site (422 unknown_media otherwise); not with image_url */
                        image_media_id?: string | null;
                        /** @description Absolute http(s) URL of an image elsewhere; not with image_media_id */
                        image_url?: string | null;
                        /** @description An amount and its currency */
                        price: {
                            /** @description In the currency’s units, at most its decimals (JPY 0, EUR 2, KWD 3) */
                            amount: number;
                            /** @description ISO 4217 code in capitals */
                            currency: string;
                        };
                        /** @description 1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path) */
                        product_id: string;
                        /** @description In the price’s currency and at most the price (422 invalid_sale_price otherwise) */
                        sale_price?: {
                            /** @description In the currency’s units, at most its decimals (JPY 0, EUR 2, KWD 3) */
                            amount: number;
                            /** @description ISO 4217 code in capitals */
                            currency: string;
                        } | null;
                        title: string;
                        /** @description ISO 8601 with offset, from 1970, at most 5 minutes ahead: the version of the product. An older version than the stored one changes nothing; without it the write is the newest */
                        updated_at?: string | null;
                        /** @description Absolute http(s) URL of the product page */
                        url: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created: number;
                            failed: number;
                            results: {
                                error?: {
                                    code: string;
                                    details?: components["schemas"]["ErrorDetail"][];
                                    message: string;
                                };
                                index: number;
                                product_id: string | null;
                                /** @enum {unknown} */
                                status: "created" | "updated" | "unchanged" | "error";
                            }[];
                            /** @description Identical, or older (updated_at) than what is stored */
                            unchanged: number;
                            updated: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Success */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created: number;
                            failed: number;
                            results: {
                                error?: {
                                    code: string;
                                    details?: components["schemas"]["ErrorDetail"][];
                                    message: string;
                                };
                                index: number;
                                product_id: string | null;
                                /** @enum {unknown} */
                                status: "created" | "updated" | "unchanged" | "error";
                            }[];
                            /** @description Identical, or older (updated_at) than what is stored */
                            unchanged: number;
                            updated: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubmissions: {
        parameters: {
            query?: {
                /**
                 * @description Only this campaign’s submissions
                 * @example cmp_7Hn2Qw9ZrT4bKx1VmP3s
                 */
                campaign_id?: string;
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Submission"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                /**
                 * @description Submission id (`sub_…`)
                 * @example sub_3Kq8Zt1VbN7xRm2LpW9c
                 */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Submission"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eraseSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                /**
                 * @description Submission id (`sub_…`)
                 * @example sub_3Kq8Zt1VbN7xRm2LpW9c
                 */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            erased_at: string;
                            /**
                             * @description Submission id (`sub_…`)
                             * @example sub_3Kq8Zt1VbN7xRm2LpW9c
                             */
                            submission_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Workflow"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action: {
                        /** @enum {string} */
                        type: "webhook";
                        /** @description https, a public host (ALLOW_PRIVATE_WEBHOOKS=1 lifts both rules) */
                        url: string;
                    };
                    name: string;
                    status?: "active" | "paused";
                    trigger: {
                        conditions?: {
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "exists";
                            /** @description A JSON Pointer into the webhook’s data, such as /properties/total */
                            path: string;
                            /** @description What to compare with: an array for in; none for exists */
                            value?: unknown;
                        }[];
                        /** @description event: event types; conversion: purchase, adjustment, cancellation; publisher_report: imported; experiment: started, stopped */
                        event_types?: string[];
                        /** @description server-class events, trusted conversions, publisher report imports, experiment changes */
                        on: "event" | "conversion" | "publisher_report" | "experiment";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            action: {
                                /** @enum {string} */
                                type: "webhook";
                                url: string;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            created_at: string;
                            name: string;
                            /** @description whsec_…: shown once */
                            secret: string;
                            /**
                             * @description Public site id (`site_…`)
                             * @example site_4Tq9Zr2LmXc8VbN1wKp3
                             */
                            site_id: string;
                            status: "active" | "paused";
                            trigger: {
                                conditions: {
                                    op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "exists";
                                    /** @description A JSON Pointer into the webhook’s data, such as /properties/total */
                                    path: string;
                                    /** @description What to compare with: an array for in; none for exists */
                                    value?: unknown;
                                }[];
                                event_types: string[] | null;
                                on: string;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updated_at: string;
                            version: number;
                            workflow_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Workflow"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action?: {
                        /** @enum {string} */
                        type: "webhook";
                        /** @description https, a public host (ALLOW_PRIVATE_WEBHOOKS=1 lifts both rules) */
                        url: string;
                    };
                    name?: string;
                    status?: "active" | "paused";
                    trigger?: {
                        conditions?: {
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "exists";
                            /** @description A JSON Pointer into the webhook’s data, such as /properties/total */
                            path: string;
                            /** @description What to compare with: an array for in; none for exists */
                            value?: unknown;
                        }[];
                        /** @description event: event types; conversion: purchase, adjustment, cancellation; publisher_report: imported; experiment: started, stopped */
                        event_types?: string[];
                        /** @description server-class events, trusted conversions, publisher report imports, experiment changes */
                        on: "event" | "conversion" | "publisher_report" | "experiment";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Workflow"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Opaque: `meta.next_cursor` of the previous page of the same list */
                cursor?: string;
                /** @description Items per page (1–200) */
                limit?: number;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"];
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWorkflowSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Public site id (`site_…`)
                 * @example site_4Tq9Zr2LmXc8VbN1wKp3
                 */
                siteId: string;
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            previous_valid_until: string;
                            /** @description The new whsec_… (shown once); the previous one signs too for 24 h */
                            secret: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A submission of a campaign’s form */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitBody"];
            };
        };
        responses: {
            /** @description Stored (or a replay of the first submission) */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description Submission id (`sub_…`)
                             * @example sub_3Kq8Zt1VbN7xRm2LpW9c
                             */
                            submission_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "ok";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            engine: string;
                            migrations: number;
                            /** @enum {string} */
                            status: "ready";
                        };
                        meta: components["schemas"]["Meta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSdkRenderer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Not modified: If-None-Match names the current ETag (no body) */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSdkScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Not modified: If-None-Match names the current ETag (no body) */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSdkModule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Not modified: If-None-Match names the current ETag (no body) */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope (CONTRACT §0) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error envelope (CONTRACT §0) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
