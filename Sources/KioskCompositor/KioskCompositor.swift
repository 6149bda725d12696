// The KioskCompositor module; see ../shared/design.md for what it owns.
import KioskEngine
