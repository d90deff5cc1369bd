from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """Landing page: what the product is, where to log in, language choice."""
    return render(request, "core/home.html")
