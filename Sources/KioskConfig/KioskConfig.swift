// The KioskConfig module; see ../shared/design.md for what it owns.
