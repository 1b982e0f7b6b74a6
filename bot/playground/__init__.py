"""The local playground: a Telegram Bot API emulator and a chat page on loopback."""
