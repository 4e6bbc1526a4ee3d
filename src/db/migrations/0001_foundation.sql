-- Sites, members, secret API keys and platform-signature replay protection.
-- Every table holding tenant data carries site_id, and every unique key includes it.

CREATE TABLE sites (
  site_id        text PRIMARY KEY,
  name           text NOT NULL,
  origins        text[] NOT NULL DEFAULT '{}',
  publisher_mode boolean NOT NULL DEFAULT false,
  -- Overrides of the default site configuration (max_touches_per_request, publisher_hosts).
  config         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site_members (
  site_id    text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  user_id    text NOT NULL,
  role       text NOT NULL CHECK (role IN ('owner', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, user_id)
);
CREATE INDEX site_members_user_idx ON site_members (user_id);

CREATE TABLE api_keys (
  site_id             text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  key_id              text NOT NULL,
  name                text,
  -- HMAC-SHA256 of the secret with a key derived from the master secret; the secret itself is never stored.
  key_hash            text NOT NULL,
  key_prefix          text NOT NULL,
  scopes              text[] NOT NULL,
  rate_limit_per_hour integer NOT NULL DEFAULT 10000 CHECK (rate_limit_per_hour > 0),
  expires_at          timestamptz,
  revoked_at          timestamptz,
  created_by          text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, key_id)
);
CREATE INDEX api_keys_hash_idx ON api_keys (key_hash);
CREATE INDEX api_keys_key_id_idx ON api_keys (key_id);

-- Platform signatures already used (each is usable once within its 300 s tolerance).
CREATE TABLE platform_signature_uses (
  signature text PRIMARY KEY,
  used_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_signature_uses_used_at_idx ON platform_signature_uses (used_at);

-- Platform-wide markers (first-start bootstrap and the like).
CREATE TABLE platform_state (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
