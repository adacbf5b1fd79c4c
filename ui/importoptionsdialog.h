#pragma once

#include "import/importer.h"
#include "types.h"

#include <QDialog>
#include <QVector>

class QComboBox;
class QDialogButtonBox;
class QRadioButton;

namespace sense7 {

/**
 * Asks, before an import that may meet values the data set already holds (ratings files,
 * bundles, ESConv), what to do with a disagreeing value, and who rated a ratings file that does
 * not say so. It never assumes "self": the rater's field starts with the workspace's observer,
 * or empty when the workspace rates as the participant, and OK waits for a name.
 */
class ImportOptionsDialog : public QDialog
{
    Q_OBJECT

public:
    /**
     * \a withoutAnnotator: the ratings files (names) that need a rater; none: only the conflict
     * policy is asked. \a annotators are offered; \a suggested fills the field.
     */
    ImportOptionsDialog(const QStringList &withoutAnnotator, const QVector<Annotator> &annotators,
                        const QString &suggested, QWidget *parent = nullptr);

    /** The annotator, its kind and the conflict policy, for import::Options. */
    void apply(import::Options &options) const;

    QComboBox *annotatorBox() const { return m_annotator; }
    QComboBox *kindBox() const { return m_kind; }
    QRadioButton *policyButton(import::OnConflict policy) const;
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void annotatorEdited(const QString &code);

    QVector<Annotator> m_annotators;
    QComboBox *m_annotator = nullptr;
    QComboBox *m_kind = nullptr;
    QRadioButton *m_keep = nullptr;
    QRadioButton *m_replace = nullptr;
    QRadioButton *m_fail = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace sense7
