"""Print this machine's address on the local network (for phones on the hall's Wi-Fi).

Reads the addresses the system already has (``hostname -I``, then the host name's own
address) without sending anything anywhere. Without a network: 127.0.0.1.
"""

import contextlib
import ipaddress
import socket
import subprocess


def _candidates() -> list[str]:
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5,
                             check=False).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    found = out.split()
    with contextlib.suppress(OSError):
        found.append(socket.gethostbyname(socket.gethostname()))
    return found


def lan_address() -> str:
    for text in _candidates():
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback and not address.is_link_local:
            return text
    return "127.0.0.1"


if __name__ == "__main__":
    print(lan_address())
