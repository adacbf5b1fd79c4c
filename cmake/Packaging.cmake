# `cpack` (or `cmake --build build --target package`) builds a Debian package of the studio and
# the command line; dpkg-shlibdeps works out the library dependencies from the binaries.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sense7-studio)
set(CPACK_PACKAGE_VENDOR "The Sense-7 Studio authors")
set(CPACK_PACKAGE_CONTACT "The Sense-7 Studio authors <sense7@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Rate and analyse perceived empathy in AI conversations")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Participants import their chat exports and rate every assistant reply on the seven\n"
    "SENSE-7 dimensions; researchers merge the data, chart trajectories and continuity\n"
    "breaks, compute reliability and export figures and tidy tables. Includes the sense7\n"
    "command line.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${PROJECT_HOMEPAGE_URL})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Loaded at run time rather than linked: Wayland and other platform plugins, Chinese glyphs.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-noto-cjk | fonts-wqy-microhei")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-qpa-plugins, qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
set(CPACK_STRIP_FILES ON)
# Only the application: no test helpers or benchmark programs in the package.
set(CPACK_COMPONENTS_ALL Unspecified)
include(CPack)
