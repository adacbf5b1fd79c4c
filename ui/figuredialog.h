#pragma once

#include "charts/figure.h"
#include "stats/series.h"

#include <QDialog>
#include <QJsonObject>

#include <functional>
#include <optional>

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

    /**
     * What the dialog draws for one choice: the chart, or none and why it cannot be drawn, and
     * the sidecar's details for it (the constructor's when empty).
     */
    struct Drawing
    {
        Draw draw;
        QString unavailable;
        QJsonObject details;
    };
    using DrawFor = std::function<Drawing(const QString &instrumentKey, series::Cluster cluster)>;
    /**
     * Offers a choice of \a instruments (key, name; no choice when empty), \a instrument chosen,
     * and with \a cluster one of the intervals' units (participants, conversations, ratings),
     * starting there. A choice redraws the preview through \a drawFor; the sidecar records the
     * instrument and the units chosen.
     */
    void offerChoices(const QList<QPair<QString, QString>> &instruments, const QString &instrument,
                      std::optional<series::Cluster> cluster, DrawFor drawFor);
    QComboBox *instrumentChoice() const { return m_instrument; }
    QComboBox *clusterChoice() const { return m_cluster; }

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
    void choose();

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
    QComboBox *m_cluster;
    bool m_offersCluster = false;
    QLabel *m_preview;
    QLabel *m_summary;
    QPushButton *m_save;
};

} // namespace sense7
