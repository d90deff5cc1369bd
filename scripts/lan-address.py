"""Print this machine's address on the local network (for phones on the hall's Wi-Fi).

Connecting a UDP socket sends nothing; it only makes the system pick the interface it would
route through, whose address we read. Without a network: 127.0.0.1.
"""

import socket


def lan_address() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


if __name__ == "__main__":
    print(lan_address())
