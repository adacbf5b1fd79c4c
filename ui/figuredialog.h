#pragma once

#include "charts/figure.h"

#include <QDialog>
#include <QJsonObject>

#include <functional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QFontComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace sense7 {

/**
 * "Export figure…": one chart as a publication figure. The preview is the figure itself, drawn
 * at the screen's resolution with the chosen preset, font and size; Save writes it as PDF, SVG
 * or PNG with the JSON sidecar `sense7 figures` writes, so both give the same figure.
 */
class FigureDialog : public QDialog
{
    Q_OBJECT

public:
    /** Draws the chart into a fresh plot. */
    using Draw = std::function<void(QCustomPlot *)>;

    /**
     * \a baseName suggests the file name ("distribution"); \a details go into the sidecar (the
     * chart, its filters, the data hash).
     */
    FigureDialog(Draw draw, const QString &baseName, const QJsonObject &details,
                 QWidget *parent = nullptr);

    /** What the dialog draws for one instrument: the chart, or none and why it cannot be drawn. */
    struct Drawing
    {
        Draw draw;
        QString unavailable;
    };
    using DrawFor = std::function<Drawing(const QString &instrumentKey)>;
    /**
     * Offers a choice of \a instruments (key, name), \a current chosen: \a drawFor gives the
     * chosen instrument's chart, and the sidecar records the instrument.
     */
    void offerInstruments(const QList<QPair<QString, QString>> &instruments, const QString &current,
                          DrawFor drawFor);
    QComboBox *instrumentChoice() const { return m_instrument; }

    charts::FigureStyle style() const;
    charts::FigureFormat format() const;
    int dpi() const;
    /** The preview: the figure as it will be written. */
    QLabel *preview() const { return m_preview; }
    /**
     * Writes the figure and its sidecar to \a path, in the format its extension names (else the
     * chosen one); false (and a message) when it cannot.
     */
    bool saveTo(const QString &path);

private:
    void updatePreview();
    void chooseFileAndSave();
    void remember() const;
    void chooseInstrument();

    Draw m_draw;
    DrawFor m_drawFor;
    QString m_unavailable;
    QString m_baseName;
    QJsonObject m_details;
    QComboBox *m_instrument;
    QComboBox *m_format;
    QComboBox *m_preset;
    QFontComboBox *m_font;
    QDoubleSpinBox *m_size;
    QSpinBox *m_dpi;
    QCheckBox *m_title;
    QLabel *m_preview;
    QLabel *m_summary;
    QPushButton *m_save;
};

} // namespace sense7
