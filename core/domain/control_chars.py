"""The characters nobody types: C0 controls but tab, line feed and carriage return, and DEL.

PostgreSQL's text and jsonb cannot hold a NUL, and a terminal, a workspace file or a model
reading a transcript takes an escape sequence for a command, not for words. A person's
message holding one is refused (``core.domain.validation.message_text_hazards``); a value
holding one is shown escaped (``core.domain.audit.show_value``).
"""

from __future__ import annotations

import re
from typing import Final

CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
