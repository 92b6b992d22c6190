"""The API's Swagger UI is served by the service itself: no script or style from another host."""
import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_docs_page_references_no_external_host(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert not re.search(r"(https?:)?//(?!testserver[/:])[\w.-]+", html.replace("\\/", "/")), html
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert any("swagger-ui" in asset for asset in assets)
    for asset in assets:
        assert finders.find(asset.removeprefix("/static/")), asset
    assert client.get(assets[0]).status_code == 200
