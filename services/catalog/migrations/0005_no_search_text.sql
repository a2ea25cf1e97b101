-- The products' search text and its trigram index were kept up to date on every product write and read by nothing:
-- the admin list filters by its own columns and the deals board matches members' lists in memory (decision 0099).
drop index if exists products_search;
alter table products drop column if exists search_text;
