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

/** The colour \a t of the way from \a a to \a b (0: a, 1: b), for tints derived from a palette. */
inline QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

/**
 * The step between labelled points of a rating scale of \a points points: every point up to 12,
 * then 2, 5 or 10 so that a 0-100 scale is labelled every 10 and its labels never overlap.
 */
inline int scaleTickStep(int points)
{
    if (points <= 12)
        return 1;
    if (points <= 25)
        return 2;
    return points <= 60 ? 5 : 10;
}

} // namespace sense7::charts
