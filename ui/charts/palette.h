#pragma once

#include <QColor>

#include <array>

namespace sense7::charts {

/** The Okabe–Ito palette: eight colours told apart with every common colour-vision deficiency. */
inline const std::array<QColor, 8> &okabeIto()
{
    static const std::array<QColor, 8> colours = {
        QColor(0x00, 0x00, 0x00), QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
        QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x72, 0xB2),
        QColor(0xD5, 0x5E, 0x00), QColor(0xCC, 0x79, 0xA7)};
    return colours;
}

} // namespace sense7::charts
