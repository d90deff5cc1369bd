"""Login, logout and password pages (Django's auth views); password reset only with mail.

The same paths and names as ``django.contrib.auth.urls``; the four password-reset pages go
through :func:`marias_admin.core.views.mail_required`. Each view carries its audience mark
(:mod:`marias_admin.core.access`): the login, logout and reset pages are anyone's (the reset
pages marked by ``mail_required``), the password change needs a login (Django's views check it
too).
"""

from django.contrib.auth import views as auth
from django.urls import path

from marias_admin.core.access import account_required, open_to_all
from marias_admin.core.views import mail_required

urlpatterns = [
    path("login/", open_to_all(auth.LoginView.as_view()), name="login"),
    path("logout/", open_to_all(auth.LogoutView.as_view()), name="logout"),
    path("password_change/", account_required(auth.PasswordChangeView.as_view()),
         name="password_change"),
    path("password_change/done/", account_required(auth.PasswordChangeDoneView.as_view()),
         name="password_change_done"),
    path("password_reset/", mail_required(auth.PasswordResetView.as_view()),
         name="password_reset"),
    path("password_reset/done/", mail_required(auth.PasswordResetDoneView.as_view()),
         name="password_reset_done"),
    path("reset/<uidb64>/<token>/", mail_required(auth.PasswordResetConfirmView.as_view()),
         name="password_reset_confirm"),
    path("reset/done/", mail_required(auth.PasswordResetCompleteView.as_view()),
         name="password_reset_complete"),
]
