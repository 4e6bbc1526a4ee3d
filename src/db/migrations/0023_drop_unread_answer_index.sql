-- recommendation_answers_campaign_idx (0014: site, campaign, time) has never had a reader: analytics
-- ties impressions and clicks to their answer by the primary key (site, recommendation_id), and
-- nothing lists a campaign's answers. Every answer stored paid for it: 15.0 against 14.3 µs of
-- PostgreSQL an answer in batches of 500 (a scratch run of 200,000 answers into two copies of the
-- table, alternated), and at the route's full load about 25,000 answers a second.
DROP INDEX IF EXISTS recommendation_answers_campaign_idx;
