"""The study's admin page and its CSV exports, behind the token printed at start."""

from __future__ import annotations

import secrets

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ludi.web.matches import Rejected
from ludi.web.site import Site
from ludi.web.store import TABLES


def routes(site: Site) -> list[Route]:
    store = site.store

    def admin_check(request: Request) -> None:
        given = request.query_params.get("token", "")
        header = request.headers.get("authorization", "")
        if header.startswith("Bearer "):
            given = header[7:]
        if not secrets.compare_digest(given.encode(), site.admin_token.encode()):
            raise Rejected(401, "the admin page needs the token printed when the server "
                                "started (?token=…)")

    async def admin(request: Request) -> Response:
        admin_check(request)
        counts = await run_in_threadpool(store.counts)
        pairs = await run_in_threadpool(store.table, "assignments")
        shown = (pairs.groupby(["game_a", "game_b"]).size().reset_index(name="times")
                 .values.tolist() if len(pairs) else [])
        return site.page(request, "admin.html", counts=counts, shown=shown, tables=TABLES,
                         token=request.query_params.get("token", ""))

    async def export(request: Request) -> Response:
        admin_check(request)
        name = request.path_params["table"]
        if name not in TABLES:
            raise Rejected(404, f"no table '{name[:40]}'; tables: {', '.join(TABLES)}")
        df = await run_in_threadpool(store.table, name)
        return Response(df.to_csv(index=False), media_type="text/csv",
                        headers={"content-disposition": f'attachment; filename="{name}.csv"'})

    return [Route("/admin", admin), Route("/admin/export/{table}.csv", export)]
