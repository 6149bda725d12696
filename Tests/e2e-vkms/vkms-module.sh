#!/usr/bin/env bash
# Builds vkms.ko (the virtual KMS driver with overlay planes and a writeback connector, which
# Debian's kernels do not ship) out of tree from Debian's linux-source-6.1 against the guest
# kernel's headers, once per kernel version; later runs reuse the cached module.
#
# One change to the driver: vkms 6.1 leaves every encoder's possible_clones at itself, so the kernel
# refuses a CRTC that drives the Virtual-1 connector and the writeback connector together (the
# clone check of a mode set) and the picture on screen cannot be read back. Display controllers with
# memory writeback (exynos, Mali-DP) let their writeback encoder clone the others; the build gives
# vkms's two encoders that mask, so the daemon's scan-out screenshot works beside the panel as there.
#
#   Tests/e2e-vkms/vkms-module.sh KERNEL_VERSION CACHE_DIR    prints the path of CACHE_DIR/KERNEL_VERSION/vkms.ko
#
# Needs linux-source-6.1, linux-headers-KERNEL_VERSION (the Makefile's VKMS_PACKAGES) and make.
set -euo pipefail

version=${1:?usage: vkms-module.sh KERNEL_VERSION CACHE_DIR}
cache=${2:?usage: vkms-module.sh KERNEL_VERSION CACHE_DIR}
# The directory names the change, so a module cached before it is not taken.
module=$cache/$version-writeback-clones/vkms.ko
if [ -s "$module" ]; then
    echo "$module"
    exit 0
fi

headers=/usr/src/linux-headers-$version
source_tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -n 1)
[ -d "$headers" ] || { echo "vkms-module.sh: no $headers: install linux-headers-$version (make e2e-vkms installs linux-headers-amd64, which matches linux-image-amd64)" >&2; exit 1; }
[ -n "$source_tarball" ] || { echo "vkms-module.sh: no /usr/src/linux-source-*.tar.xz: install linux-source-6.1" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree=$(basename "$source_tarball" .tar.xz)
tar -C "$work" -xJf "$source_tarball" --wildcards "$tree/drivers/gpu/drm/vkms/*"
output_c=$work/$tree/drivers/gpu/drm/vkms/vkms_output.c
grep -q 'DRM_ERROR("Failed to init writeback connector\\n");' "$output_c" \
    || { echo "vkms-module.sh: $output_c has changed: update the writeback clone patch" >&2; exit 1; }
sed -i 's|DRM_ERROR("Failed to init writeback connector\\n");|&\
\t\telse\
\t\t\tencoder->possible_clones = output->wb_connector.encoder.possible_clones =\
\t\t\t\tdrm_encoder_mask(encoder) \| drm_encoder_mask(\&output->wb_connector.encoder);|' "$output_c"
make -s -C "$headers" M="$work/$tree/drivers/gpu/drm/vkms" CONFIG_DRM_VKMS=m modules >&2
mkdir -p "$(dirname "$module")"
# Written under a temporary name and renamed: an interrupted build leaves no half module behind.
cp "$work/$tree/drivers/gpu/drm/vkms/vkms.ko" "$module.partial"
mv "$module.partial" "$module"
echo "$module"
