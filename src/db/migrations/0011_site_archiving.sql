-- Sites can be archived by their owners: an archived site is gone for every reader (its
-- credentials are refused, its resources and public media are 404) while its rows stay.
ALTER TABLE sites ADD COLUMN archived_at timestamptz;
