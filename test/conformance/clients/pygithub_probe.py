"""Drives PyGithub against a forgesearch server and prints what it saw, as JSON.

Usage: pygithub_probe.py BASE_URL TOKEN PER_PAGE
Every search_* method, paging through every page PyGithub follows, totalCount, and highlight=True.
Only attributes the search items carry are read, so PyGithub never fetches an object on its own.
"""
import json
import sys

from github import Github

base_url, token, per_page = sys.argv[1], sys.argv[2], int(sys.argv[3])
g = Github(login_or_token=token, base_url=base_url, per_page=per_page, retry=None, timeout=10)

out = {}
repos = g.search_repositories("css", sort="stars", order="desc")
out["repositories"] = {"total": repos.totalCount, "items": [r.full_name for r in repos]}
issues = g.search_issues("is:issue", sort="created", order="asc")
out["issues"] = {"total": issues.totalCount, "items": [i.url for i in issues]}
users = g.search_users("type:user", sort="followers")
out["users"] = {"total": users.totalCount, "items": [u.login for u in users]}
code = g.search_code("function", highlight=True)
out["code"] = {
    "total": code.totalCount,
    "items": [[f.repository.full_name, f.path, [m["fragment"] for m in (f.text_matches or [])]] for f in code],
}
commits = g.search_commits("fix", sort="author-date", order="desc")
out["commits"] = {"total": commits.totalCount, "items": [c.sha for c in commits]}
topics = g.search_topics("ruby")
out["topics"] = {"total": topics.totalCount, "items": [t.name for t in topics]}
print(json.dumps(out))
